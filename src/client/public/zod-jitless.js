// The shop's CSP allows no eval (script-src 'self', decision 0074). Zod compiles object parsers with `new Function`
// when it may and probes for that while the app's schemas are built: the probe fails quietly, but the browser
// reports it as a CSP violation on every page load. Zod reads its global configuration from this object, and with
// `jitless` it parses the same without the probe or the compiled fast path. This classic script runs before the
// app's module scripts; from inside the bundle it would run too late (the schemas' chunk is evaluated first).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig ?? {}, { jitless: true })
