import * as z from 'zod/mini';
import { fileTypeLabel } from './file-types';
import { text } from './text.schema';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export const fileTooLargeMessage = (name: string) => `File ${name} exceeds the maximum size of 20MB`;
/** The required message (requirements §5); `typeLabel` is what the artist calls the type ('PDF', from fileTypeLabel), never a MIME type. */
export const fileTypeNotAllowedMessage = (typeLabel: string) => `File type ${typeLabel} is not allowed`;

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Asks for a signed upload URL; the declared type and size are bound into it. */
export const uploadRequestSchema = (allowedTypes: readonly string[]) =>
  z
    .object({
      fileName: text('File name', [
        z.trim(),
        z.minLength(1, { error: 'File name is required' }),
        z.maxLength(255, { error: 'File name must be at most 255 characters' }),
      ]),
      fileType: text('File type', [z.minLength(1, { error: 'File type is required' }), z.maxLength(100)]),
      fileSizeInBytes: z.number({ error: 'File size is required' }).check(z.int(), z.positive({ error: 'The file is empty' })),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.fileSizeInBytes > MAX_FILE_BYTES) {
          ctx.issues.push({
            code: 'custom',
            path: ['fileSizeInBytes'],
            message: fileTooLargeMessage(v.fileName),
            input: v.fileSizeInBytes,
          });
        }
        if (!allowedTypes.includes(v.fileType)) {
          ctx.issues.push({
            code: 'custom',
            path: ['fileType'],
            message: fileTypeNotAllowedMessage(fileTypeLabel(v.fileType, v.fileName)),
            input: v.fileType,
          });
        }
      }),
    );
export type UploadRequest = z.infer<ReturnType<typeof uploadRequestSchema>>;

/** The answer: PUT the bytes to uploadUrl with these headers, then confirm with the upload id. */
export const uploadTicketSchema = z.object({
  uploadId: z.string(),
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
