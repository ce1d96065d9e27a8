// Leaflet 1.9 publishes its ES module beside the UMD file without a "module" field; importing the
// UMD one would make esbuild add CommonJS helpers to a chunk every page loads at start.
declare module 'leaflet/dist/leaflet-src.esm.js' {
  export * from 'leaflet';
}
