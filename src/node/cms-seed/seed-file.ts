/**
 * What the Strapi in `cms/` seeds itself from on its first start
 * (`cms/src/index.js`): media to upload, then documents to create in order.
 * In `data`, `{ $media: key }` stands for the uploaded file of that key and
 * `{ $document: key }` for the documentId of an earlier document.
 */
export interface SeedFile {
  readonly version: 1;
  readonly media: SeedMedia[];
  readonly documents: SeedDocument[];
}

export interface SeedMedia {
  /** The media's path on the CMS (`/uploads/garden_villa_b14c7d0803.jpg`): how `data` refers to it. */
  readonly key: string;
  /** Absolute path of the file to upload. */
  readonly file: string;
  /** The name the editor gave the file (Strapi's `name`). */
  readonly name: string;
  readonly mime: string;
  readonly alternativeText: string | null;
  readonly caption: string | null;
}

export interface SeedDocument {
  readonly key: string;
  readonly uid: string;
  /** How the seed names it when the CMS refuses an entry: `page "rooms/garden-villa"`, `modal "book-now"`, `error page`. */
  readonly name: string;
  /** The first entry creates the document; each next one adds its locale to it (one document, linked translations). */
  readonly entries: Array<{ readonly locale: string | null; readonly data: Record<string, unknown> }>;
}

export interface MediaRef {
  readonly $media: string;
}

export interface DocumentRef {
  readonly $document: string;
}
