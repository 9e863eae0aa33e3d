import { Refusal, invalidInput, refuse } from '../shared/refusal';

/** Spec part 8: a receipt is up to 10 MB. */
export const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

/** The kinds of file a receipt may be (spec 4.5), as their media types. */
export const RECEIPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * What a file is, by its own first bytes (never by its name or the Content-Type it came with):
 * PDF `%PDF-`, JPEG FF D8 FF, PNG's eight-byte signature, WebP `RIFF....WEBP`; null for anything else.
 */
export function receiptType(bytes: Uint8Array): ReceiptType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The receipt's type, or why it is not taken: an empty body, or a file of another kind (422 with what is accepted). */
export function checkReceipt(bytes: Uint8Array): { contentType: ReceiptType } | Refusal {
  if (bytes.length === 0) {
    return invalidInput([{ reason: 'required', field: 'body', detail: 'the body is empty: send the receipt file itself as the body' }]);
  }
  const contentType = receiptType(bytes);
  if (!contentType) {
    return refuse('UnsupportedFileType', 'the file is not a PDF, JPEG, PNG or WebP (recognised by its contents, not its name or Content-Type)', {
      accepted: [...RECEIPT_TYPES],
    });
  }
  return { contentType };
}
