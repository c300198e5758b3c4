import type { Http } from './http';
import { uploadTicketSchema } from '../schemas/upload.schema';

export type Progress = (fraction: number) => void;

/**
 * The upload dance every file follows: ask the API for a signed URL, PUT the bytes there with their content type
 * (reporting progress), then confirm so the server checks and processes what arrived.
 */
export async function uploadFile<T>(
  http: Http,
  ticketPath: string,
  file: File,
  onProgress?: Progress,
  signal?: AbortSignal,
  /** More of the ticket request (an avatar's crop). */
  extra: object = {},
): Promise<T> {
  const ticket = uploadTicketSchema.parse(
    (await http.post(ticketPath, { ...extra, fileName: file.name, fileType: file.type, fileSizeInBytes: file.size }, { signal })).data,
  );
  // A plain request: the signed URL is its own credential and may point at another host. axios arrives with the
  // first upload, so the sign-in screen does not wait for it.
  const { default: axios } = await import('axios');
  await axios.put(ticket.uploadUrl, file, {
    headers: ticket.headers,
    signal,
    onUploadProgress: (e) => onProgress?.(e.total ? e.loaded / e.total : 0),
  });
  onProgress?.(1);
  return (await http.post(`/uploads/${ticket.uploadId}/complete`, undefined, { signal })).data as T;
}
