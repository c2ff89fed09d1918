// Reads the `stripe` package's own type definitions (the pinned API version's shapes) with the TypeScript
// compiler API and turns a named interface into a shape: which keys it has, which are required, and what each
// holds. Used to generate the emulator's declared request parameters (`npm run stripe-params -w
// infra/emulators`) and by the contract test that checks the emulator's answers against the SDK's types.
//
// A shape is a plain object: `s` (a scalar is allowed), `m` (any keys: metadata and other maps), `a` (an array
// of the element shape), `o` (an object: key -> shape) with `r` (its required keys).
const path = require('node:path');
const fs = require('node:fs');
const ts = require('typescript');

/** The installed `stripe` package's directory (its exports hide package.json; the CommonJS entry is cjs/…). */
const STRIPE_DIR = path.resolve(path.dirname(require.resolve('stripe')), '..');
const RESOURCES = path.join(STRIPE_DIR, 'cjs', 'resources');
const SDK_VERSION = JSON.parse(fs.readFileSync(path.join(STRIPE_DIR, 'package.json'), 'utf8')).version;

function declarationFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return declarationFiles(full);
    return entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** One compiler program over the SDK's resource declarations; `shape(file, name)` reads an interface. */
function loadStripeTypes() {
  const files = declarationFiles(RESOURCES);
  const program = ts.createProgram(files, { noEmit: true, skipLibCheck: true, strict: true });
  const checker = program.getTypeChecker();
  const memo = new Map();

  function findInterface(file, name) {
    const source = program.getSourceFile(path.join(RESOURCES, `${file}.d.ts`));
    if (!source) throw new Error(`no SDK declaration file ${file}.d.ts`);
    let found;
    const visit = (node) => {
      if (found) return;
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === name) {
        found = node;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (!found) throw new Error(`no interface ${name} in ${file}.d.ts`);
    return checker.getTypeAtLocation(found.name);
  }

  function shapeOf(type) {
    if (memo.has(type)) return memo.get(type);
    const node = {};
    memo.set(type, node);
    const parts = type.isUnion() ? type.types : [type];
    for (const part of parts) {
      const flags = part.getFlags();
      if (flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never))
        continue;
      if (
        flags &
        (ts.TypeFlags.StringLike |
          ts.TypeFlags.NumberLike |
          ts.TypeFlags.BooleanLike |
          ts.TypeFlags.BigIntLike |
          ts.TypeFlags.Any |
          ts.TypeFlags.Unknown)
      ) {
        node.s = 1;
        continue;
      }
      if (checker.isArrayType(part) || checker.isTupleType(part)) {
        const [element] = checker.getTypeArguments(part);
        node.a = element ? shapeOf(element) : { s: 1 };
        continue;
      }
      // `OtherString` (string & {...}) and classes sent as strings (Decimal: methods, no data) are scalars.
      if (part.isIntersection() && part.types.some((member) => member.getFlags() & ts.TypeFlags.StringLike)) {
        node.s = 1;
        continue;
      }
      if (
        checker
          .getPropertiesOfType(part)
          .some((property) =>
            property.declarations?.some((d) => ts.isMethodDeclaration(d) || ts.isMethodSignature(d)),
          )
      ) {
        node.s = 1;
        continue;
      }
      if (part.getStringIndexType() || part.getNumberIndexType()) {
        node.m = 1;
        continue;
      }
      const properties = checker.getPropertiesOfType(part);
      if (properties.length === 0 && part.getCallSignatures().length > 0) continue;
      node.o ??= {};
      const required = [];
      for (const property of properties) {
        const declaration = property.valueDeclaration ?? property.declarations?.[0];
        const propertyType = declaration
          ? checker.getTypeOfSymbolAtLocation(property, declaration)
          : checker.getTypeOfSymbol(property);
        // Members of a union of objects share the key's shapes (their keys merged).
        node.o[property.name] = node.o[property.name]
          ? merge(node.o[property.name], shapeOf(propertyType))
          : shapeOf(propertyType);
        if ((property.getFlags() & ts.SymbolFlags.Optional) === 0) required.push(property.name);
      }
      // Required: what every object member of the union requires.
      node.r = node.r ? node.r.filter((key) => required.includes(key)) : required;
    }
    if (Object.keys(node).length === 0) node.s = 1;
    return node;
  }

  return { shape: (file, name) => shapeOf(findInterface(file, name)) };
}

/** A shape allowing what either allows (a new node: shapes are shared; cycles reuse the node being built). */
const merging = new WeakMap();
function merge(a, b) {
  if (a === b) return a;
  const known = merging.get(a)?.get(b);
  if (known) return known;
  const merged = {};
  if (!merging.has(a)) merging.set(a, new Map());
  merging.get(a).set(b, merged);
  if (a.s || b.s) merged.s = 1;
  if (a.m || b.m) merged.m = 1;
  if (a.a || b.a) merged.a = a.a && b.a ? merge(a.a, b.a) : (a.a ?? b.a);
  if (a.o || b.o) {
    merged.o = { ...(a.o ?? {}) };
    for (const [key, value] of Object.entries(b.o ?? {})) {
      merged.o[key] = merged.o[key] ? merge(merged.o[key], value) : value;
    }
    merged.r = a.o && b.o ? (a.r ?? []).filter((key) => (b.r ?? []).includes(key)) : [];
  }
  return merged;
}

/** A shape as plain JSON (shared sub-shapes written out again, cycles cut to "any keys"). */
function toJson(shape, seen = new Set()) {
  if (seen.has(shape)) return { m: 1 };
  seen.add(shape);
  const json = {};
  if (shape.s) json.s = 1;
  if (shape.m) json.m = 1;
  if (shape.a) json.a = toJson(shape.a, seen);
  if (shape.o) {
    json.o = Object.fromEntries(Object.entries(shape.o).map(([key, value]) => [key, toJson(value, seen)]));
  }
  seen.delete(shape);
  return json;
}

module.exports = { loadStripeTypes, toJson, merge, RESOURCES, SDK_VERSION };
