// `prepare`: npm runs it when it installs the package from a git URL (after installing the clone's
// dev dependencies) and on `npm install`/`npm ci` in a clone, so dist/ exists wherever the package is
// installed from source. It builds only when dist/ is missing: `npm pack` and CI build on their own.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(new URL("../dist/index.cjs", import.meta.url))) {
  execSync("npm run build", { stdio: "inherit", cwd: new URL("..", import.meta.url) });
}
