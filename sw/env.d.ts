interface ImportMetaEnv {
  /** Host name of a tile server to cache besides the well-known ones, e.g. tiles.example.org. */
  readonly VITE_MAP_TILE_HOST?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
