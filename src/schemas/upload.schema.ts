import { z } from 'zod';

export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export const fileTooLargeMessage = (name: string) => `File ${name} exceeds the maximum size of 20MB`;
export const fileTypeNotAllowedMessage = (type: string) => `File type ${type} is not allowed`;

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** Asks for a signed upload URL; the declared type and size are bound into it. */
export const uploadRequestSchema = (allowedTypes: readonly string[]) =>
  z
    .object({
      fileName: z.string().trim().min(1, { error: 'File name is required' }).max(255, { error: 'File name must be at most 255 characters' }),
      fileType: z.string().min(1, { error: 'File type is required' }).max(100),
      fileSizeInBytes: z.number({ error: 'File size is required' }).int().positive({ error: 'The file is empty' }),
    })
    .superRefine((v, ctx) => {
      if (v.fileSizeInBytes > MAX_FILE_BYTES) {
        ctx.addIssue({ code: 'custom', path: ['fileSizeInBytes'], message: fileTooLargeMessage(v.fileName) });
      }
      if (!allowedTypes.includes(v.fileType)) {
        ctx.addIssue({ code: 'custom', path: ['fileType'], message: fileTypeNotAllowedMessage(v.fileType) });
      }
    });
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
