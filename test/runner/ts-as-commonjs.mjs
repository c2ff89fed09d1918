// ESM load hook for the test workers: a .ts or .tsx file is CommonJS (the build's module format), so Node loads it
// through require, where @swc-node/register compiles it.
export async function load(url, context, nextLoad) {
  if (/\.tsx?(\?|$)/.test(url)) return { format: 'commonjs', shortCircuit: true };
  return nextLoad(url, context);
}
