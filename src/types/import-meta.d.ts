/** Set only in the bundle (scripts/build.mjs): the URL of the bundled file a module ended up in. */
interface ImportMeta {
  readonly chunkUrl?: string;
}
