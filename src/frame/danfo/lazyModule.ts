/**
 * A module object that loads its module on first use and from then on behaves as that module's own
 * exports object: every read and write (a key, `in`, Object.keys, spreading, an assignment,
 * defineProperty, delete, freezing, its prototype) reaches the loaded module, and what the module's
 * own code changes is seen through it. Used for mathjs, which danfo requires when it loads but calls
 * only in a few statistics (deferMathjs.ts unbundled, lazyMathjs.cjs in dist/danfo.cjs).
 *
 * A Proxy must keep its target consistent with what it reports about properties that cannot change
 * (non-configurable ones, and all of them once the object is not extensible): those are copied onto
 * the target as they are reported, so each answer is the loaded module's own, unaltered.
 */
export function lazyModuleObject<T extends object>(load: () => T): T {
  const target = {} as T;
  // the loaded module's descriptor of `key`, mirrored on the target when the Proxy's rules need it there
  const describe = (key: PropertyKey): PropertyDescriptor | undefined => {
    const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
    if (descriptor && (!descriptor.configurable || !Reflect.isExtensible(target))) Reflect.defineProperty(target, key, descriptor);
    return descriptor;
  };
  // once the module is not extensible, neither is the target, with the same properties and prototype
  const followExtensibility = (): void => {
    const real = load();
    if (Reflect.isExtensible(real) || !Reflect.isExtensible(target)) return;
    Reflect.setPrototypeOf(target, Reflect.getPrototypeOf(real));
    for (const key of Reflect.ownKeys(real)) Reflect.defineProperty(target, key, Reflect.getOwnPropertyDescriptor(real, key)!);
    Reflect.preventExtensions(target);
  };
  return new Proxy(target, {
    get: (_target, key) => Reflect.get(load(), key),
    set: (_target, key, value) => Reflect.set(load(), key, value),
    has: (_target, key) => Reflect.has(load(), key),
    ownKeys: () => {
      followExtensibility();
      return Reflect.ownKeys(load());
    },
    getOwnPropertyDescriptor: (_target, key) => {
      followExtensibility();
      return describe(key);
    },
    defineProperty: (_target, key, descriptor) => {
      if (!Reflect.defineProperty(load(), key, descriptor)) return false;
      describe(key);
      return true;
    },
    deleteProperty: (proxyTarget, key) => {
      if (!Reflect.deleteProperty(load(), key)) return false;
      return Reflect.deleteProperty(proxyTarget, key);
    },
    getPrototypeOf: () => {
      followExtensibility();
      return Reflect.getPrototypeOf(load());
    },
    setPrototypeOf: (_target, prototype) => Reflect.setPrototypeOf(load(), prototype),
    isExtensible: () => {
      followExtensibility();
      return Reflect.isExtensible(target);
    },
    preventExtensions: () => {
      Reflect.preventExtensions(load());
      followExtensibility();
      return true;
    },
  });
}
