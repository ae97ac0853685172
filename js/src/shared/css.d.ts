// esbuild bundles imported CSS into widget.css; TypeScript only needs to know the import exists.
declare module "*.css";
