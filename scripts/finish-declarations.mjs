// After tsup (`npm run build`): the bundled declarations made right for a user's project.
await import("./link-danfo-declarations.mjs");
await import("./type-only-exports.mjs");
