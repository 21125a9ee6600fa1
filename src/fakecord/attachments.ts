/**
 * Uploaded files: the bytes, and the attachment object Discord would describe them with. The fake
 * serves the bytes itself (`GET /attachments/:id/:name`), so a bot can download a user's upload and a
 * page can show the bot's images.
 */
import type { FakeAttachment } from './types';
export interface AttachmentRecord extends FakeAttachment {
  /** The name as uploaded, when sanitising changed it. */
  readonly title: string | null;
  /** Uploaded with a slash command option or shown in an ephemeral message. */
  readonly ephemeral: boolean;
}

export interface Upload {
  readonly filename: string;
  readonly bytes: Buffer;
  /** The type the uploader declared, if any. */
  readonly contentType?: string;
  readonly description?: string;
}

const TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  csv: 'text/csv; charset=utf-8',
};

/** Discord replaces spaces and drops characters it does not allow in attachment names. */
export function sanitiseFilename(name: string): string {
  const cleaned = name.replace(/\s+/g, '_').replace(/[^\w.-]/g, '');
  return cleaned === '' ? 'unknown' : cleaned;
}

function sniffType(bytes: Buffer): string | undefined {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && bytes.toString('latin1', 0, 4) === 'GIF8') return 'image/gif';
  if (bytes.length >= 12 && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export function contentTypeOf(filename: string, bytes: Buffer, declared?: string): string {
  const byName = TYPES_BY_EXTENSION[filename.split('.').pop()?.toLowerCase() ?? ''];
  // A declared octet-stream says nothing; the uploader just did not know.
  const useful = declared && declared !== 'application/octet-stream' ? declared : undefined;
  return sniffType(bytes) ?? byName ?? useful ?? 'application/octet-stream';
}

/** Width and height from a PNG's IHDR or a GIF's screen descriptor; other formats are not measured. */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 4) === 'GIF8') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  return null;
}

export class AttachmentStore {
  readonly #bytes = new Map<string, Buffer>();
  readonly #records = new Map<string, AttachmentRecord>();

  constructor(
    private readonly baseUrl: string,
    private readonly mintId: () => string,
  ) {}

  add(upload: Upload, options: { ephemeral?: boolean } = {}): AttachmentRecord {
    const id = this.mintId();
    const filename = sanitiseFilename(upload.filename);
    const size = imageSize(upload.bytes);
    const record: AttachmentRecord = {
      id,
      filename,
      title: filename === upload.filename ? null : upload.filename,
      description: upload.description ?? null,
      contentType: contentTypeOf(filename, upload.bytes, upload.contentType),
      size: upload.bytes.length,
      url: `${this.baseUrl}/attachments/${id}/${encodeURIComponent(filename)}`,
      width: size?.width ?? null,
      height: size?.height ?? null,
      ephemeral: options.ephemeral ?? false,
    };
    this.#bytes.set(id, upload.bytes);
    this.#records.set(id, record);
    return record;
  }

  /** The same file described again (a new alt text, say) without copying the bytes. */
  describe(record: AttachmentRecord, description: string | null | undefined): AttachmentRecord {
    return description === undefined ? record : { ...record, description };
  }

  record(id: string): AttachmentRecord | undefined {
    return this.#records.get(id);
  }

  /** Bytes by attachment id or by any URL whose path holds `/attachments/<id>/`. */
  bytes(urlOrId: string): Buffer | undefined {
    const id = /\/attachments\/(\d+)\//.exec(urlOrId)?.[1] ?? urlOrId;
    return this.#bytes.get(id);
  }
}
