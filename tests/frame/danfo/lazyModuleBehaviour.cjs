"use strict";
// What a module object does under every kind of read and write, seen through a lazy stand-in
// (src/frame/danfo/lazyModule.ts) and through the real module behind it. Plain CommonJS, so the
// same check runs in jest, in a tsx process (the unbundled stand-in) and in a bundle made with the
// project's danfo build config (the bundled one).

const outcome = (action) => {
  try {
    return { value: action() };
  } catch (error) {
    return { threw: error.constructor.name };
  }
};

/** Observations of `lazy` and `real` (lazy's module) side by side: each pair must be equal. */
function observe(lazy, real, exportName) {
  const pairs = {};
  const both = (name, see) => {
    pairs[name] = [see(lazy, "lazy"), see(real, "real")];
  };
  both("is another object", (module) => module !== (module === lazy ? real : lazy));
  both("reads an export", (module) => typeof module[exportName]);
  both("the same export", (module) => module[exportName] === real[exportName]);
  both("has it", (module) => exportName in module);
  both("its descriptor", (module) => {
    const { get, value, ...rest } = Object.getOwnPropertyDescriptor(module, exportName);
    return { ...rest, get: get === undefined ? "none" : "a getter", value: typeof value };
  });
  both("keys", (module) => Object.keys(module).join());
  both("spread keys", (module) => Object.keys({ ...module }).join());
  both("prototype", (module) => Object.getPrototypeOf(module) === Object.prototype);

  lazy.writtenThroughLazy = 1;
  real.writtenOnReal = 2;
  both("a property written through the stand-in", (module) => module.writtenThroughLazy);
  both("a property written on the real module", (module) => module.writtenOnReal);
  both("keys after writes", (module) => Object.keys(module).slice(-2).join());
  both("overwriting a read-only export (strict mode)", (module) => outcome(() => (module[exportName] = 0)).threw ?? "no error");

  Object.defineProperty(lazy, "definedThroughLazy", { value: 3, enumerable: true });
  Object.defineProperty(real, "definedOnReal", { value: 4, enumerable: false });
  for (const key of ["definedThroughLazy", "definedOnReal"])
    both(`${key}'s descriptor`, (module) => Object.getOwnPropertyDescriptor(module, key));
  both(
    "redefining a non-configurable property",
    (module) => outcome(() => Object.defineProperty(module, "definedThroughLazy", { value: 5 })).threw ?? "no error",
  );

  delete lazy.writtenThroughLazy;
  delete real.writtenOnReal;
  both("deleted through the stand-in", (module) => "writtenThroughLazy" in module);
  both("deleted on the real module", (module) => "writtenOnReal" in module);
  both("deleting an export (strict mode)", (module) => outcome(() => delete module[exportName]).threw ?? "no error");

  Object.preventExtensions(real);
  both("not extensible once the real module is not", (module) => Object.isExtensible(module));
  both("adding to it (strict mode)", (module) => outcome(() => (module.late = 1)).threw ?? "no error");
  both("keys at the end", (module) => Reflect.ownKeys(module).length);
  both("frozen", (module) => Object.isFrozen(module));
  return pairs;
}

module.exports = { observe };
