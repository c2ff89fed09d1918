/**
 * Just enough GraphQL for the Model API's two read operations: a parser of executable documents
 * (operations, variables with defaults, aliases, arguments, fragments, `@skip`/`@include`) and an executor
 * that resolves the top-level fields with the caller's resolvers and shapes their values by the selection
 * set, so a client gets exactly the fields it asked for, as from a real GraphQL server.
 */

export interface SourceLocation {
  line: number;
  column: number;
}

export interface GraphQLErrorBody {
  message: string;
  locations?: SourceLocation[];
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

/** A request error: the whole request is refused with 400 and `{errors: [this]}`. */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly locations?: SourceLocation[],
  ) {
    super(message);
  }

  toBody(): GraphQLErrorBody {
    return { message: this.message, ...(this.locations ? { locations: this.locations } : {}) };
  }
}

/** A field error: the field resolves to null and the error is listed beside the data. */
export class GraphQLFieldError extends Error {
  constructor(
    message: string,
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Documents

type ValueNode =
  | { kind: 'Variable'; name: string }
  | { kind: 'Scalar'; value: string | number | boolean | null }
  | { kind: 'Enum'; value: string }
  | { kind: 'List'; values: ValueNode[] }
  | { kind: 'Object'; fields: Array<[string, ValueNode]> };

interface Directive {
  name: string;
  arguments: Array<[string, ValueNode]>;
}

export interface FieldNode {
  kind: 'Field';
  alias?: string;
  name: string;
  arguments: Array<[string, ValueNode]>;
  directives: Directive[];
  selectionSet?: Selection[];
  loc: SourceLocation;
}

type Selection =
  | FieldNode
  | { kind: 'FragmentSpread'; name: string; directives: Directive[]; loc: SourceLocation }
  | { kind: 'InlineFragment'; directives: Directive[]; selectionSet: Selection[] };

interface Operation {
  operation: 'query' | 'mutation' | 'subscription';
  name?: string;
  variables: Array<{ name: string; defaultValue?: ValueNode }>;
  selectionSet: Selection[];
  loc: SourceLocation;
}

export interface GraphQLDocument {
  operations: Operation[];
  fragments: Map<string, Selection[]>;
}

interface Token {
  kind: 'punct' | 'name' | 'int' | 'float' | 'string' | 'eof';
  value: string;
  loc: SourceLocation;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  let line = 1;
  let lineStart = 0;
  const loc = (): SourceLocation => ({ line, column: at - lineStart + 1 });
  const fail = (message: string): never => {
    throw new GraphQLRequestError(`Syntax Error: ${message}`, [loc()]);
  };
  while (at < source.length) {
    const char = source[at]!;
    if (char === '\n') {
      at += 1;
      line += 1;
      lineStart = at;
    } else if (char === ' ' || char === '\t' || char === '\r' || char === ',' || char === '\ufeff') {
      at += 1;
    } else if (char === '#') {
      while (at < source.length && source[at] !== '\n') at += 1;
    } else if ('!$&()[]{}:=@|'.includes(char)) {
      tokens.push({ kind: 'punct', value: char, loc: loc() });
      at += 1;
    } else if (source.startsWith('...', at)) {
      tokens.push({ kind: 'punct', value: '...', loc: loc() });
      at += 3;
    } else if (/[_A-Za-z]/.test(char)) {
      const match = /^[_A-Za-z][_0-9A-Za-z]*/.exec(source.slice(at))!;
      tokens.push({ kind: 'name', value: match[0], loc: loc() });
      at += match[0].length;
    } else if (/[-0-9]/.test(char)) {
      const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(at));
      if (!match) fail(`Invalid number, unexpected "${char}".`);
      const text = match![0];
      tokens.push({ kind: match![2] || match![3] ? 'float' : 'int', value: text, loc: loc() });
      at += text.length;
    } else if (source.startsWith('"""', at)) {
      const start = loc();
      const end = source.indexOf('"""', at + 3);
      if (end === -1) fail('Unterminated string.');
      const raw = source.slice(at + 3, end);
      for (const ch of raw) {
        if (ch === '\n') line += 1;
      }
      if (raw.includes('\n')) lineStart = at + 3 + raw.lastIndexOf('\n') + 1;
      tokens.push({ kind: 'string', value: raw.replace(/\\"""/g, '"""').trim(), loc: start });
      at = end + 3;
    } else if (char === '"') {
      const start = loc();
      let value = '';
      at += 1;
      for (;;) {
        const next = source[at];
        if (next === undefined || next === '\n') fail('Unterminated string.');
        at += 1;
        if (next === '"') break;
        if (next !== '\\') {
          value += next;
          continue;
        }
        const escaped = source[at];
        at += 1;
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (escaped !== undefined && escaped in simple) value += simple[escaped];
        else if (escaped === 'u' && /^[0-9a-fA-F]{4}$/.test(source.slice(at, at + 4))) {
          value += String.fromCharCode(parseInt(source.slice(at, at + 4), 16));
          at += 4;
        } else fail('Invalid character escape sequence.');
      }
      tokens.push({ kind: 'string', value, loc: start });
    } else {
      fail(`Unexpected character: "${char}".`);
    }
  }
  tokens.push({ kind: 'eof', value: '<EOF>', loc: loc() });
  return tokens;
}

export function parseDocument(source: string): GraphQLDocument {
  const tokens = tokenize(source);
  let index = 0;
  const peek = () => tokens[index]!;
  const next = () => tokens[index++]!;
  const fail = (token: Token): never => {
    throw new GraphQLRequestError(
      `Syntax Error: Unexpected ${token.kind === 'eof' ? '<EOF>' : `"${token.value}"`}.`,
      [token.loc],
    );
  };
  const isPunct = (value: string) => peek().kind === 'punct' && peek().value === value;
  const expectPunct = (value: string) => (isPunct(value) ? next() : fail(peek()));
  const expectName = () => (peek().kind === 'name' ? next().value : fail(peek()));

  const parseValue = (constant: boolean): ValueNode => {
    const token = next();
    switch (token.kind) {
      case 'int':
        return { kind: 'Scalar', value: Number(token.value) };
      case 'float':
        return { kind: 'Scalar', value: Number(token.value) };
      case 'string':
        return { kind: 'Scalar', value: token.value };
      case 'name':
        if (token.value === 'true' || token.value === 'false')
          return { kind: 'Scalar', value: token.value === 'true' };
        if (token.value === 'null') return { kind: 'Scalar', value: null };
        return { kind: 'Enum', value: token.value };
      case 'punct':
        if (token.value === '$' && !constant) return { kind: 'Variable', name: expectName() };
        if (token.value === '[') {
          const values: ValueNode[] = [];
          while (!isPunct(']')) values.push(parseValue(constant));
          next();
          return { kind: 'List', values };
        }
        if (token.value === '{') {
          const fields: Array<[string, ValueNode]> = [];
          while (!isPunct('}')) {
            const name = expectName();
            expectPunct(':');
            fields.push([name, parseValue(constant)]);
          }
          next();
          return { kind: 'Object', fields };
        }
        return fail(token);
      default:
        return fail(token);
    }
  };

  const parseArguments = (): Array<[string, ValueNode]> => {
    if (!isPunct('(')) return [];
    next();
    const args: Array<[string, ValueNode]> = [];
    while (!isPunct(')')) {
      const name = expectName();
      expectPunct(':');
      args.push([name, parseValue(false)]);
    }
    next();
    return args;
  };

  const parseDirectives = (): Directive[] => {
    const directives: Directive[] = [];
    while (isPunct('@')) {
      next();
      directives.push({ name: expectName(), arguments: parseArguments() });
    }
    return directives;
  };

  const parseSelectionSet = (): Selection[] => {
    expectPunct('{');
    const selections: Selection[] = [];
    while (!isPunct('}')) {
      if (isPunct('...')) {
        const spread = next();
        if (peek().kind === 'name' && peek().value !== 'on') {
          selections.push({
            kind: 'FragmentSpread',
            name: next().value,
            directives: parseDirectives(),
            loc: spread.loc,
          });
        } else {
          if (peek().kind === 'name' && peek().value === 'on') {
            next();
            expectName();
          }
          selections.push({
            kind: 'InlineFragment',
            directives: parseDirectives(),
            selectionSet: parseSelectionSet(),
          });
        }
        continue;
      }
      const loc = peek().loc;
      let name = expectName();
      let alias: string | undefined;
      if (isPunct(':')) {
        next();
        alias = name;
        name = expectName();
      }
      const args = parseArguments();
      const directives = parseDirectives();
      const selectionSet = isPunct('{') ? parseSelectionSet() : undefined;
      selections.push({ kind: 'Field', alias, name, arguments: args, directives, selectionSet, loc });
    }
    next();
    if (selections.length === 0) fail(tokens[index - 1]!);
    return selections;
  };

  const parseType = (): void => {
    if (isPunct('[')) {
      next();
      parseType();
      expectPunct(']');
    } else {
      expectName();
    }
    if (isPunct('!')) next();
  };

  const document: GraphQLDocument = { operations: [], fragments: new Map() };
  while (peek().kind !== 'eof') {
    const token = peek();
    if (isPunct('{')) {
      document.operations.push({
        operation: 'query',
        variables: [],
        selectionSet: parseSelectionSet(),
        loc: token.loc,
      });
    } else if (token.kind === 'name' && token.value === 'fragment') {
      next();
      const name = expectName();
      if (expectName() !== 'on') fail(tokens[index - 1]!);
      expectName();
      parseDirectives();
      document.fragments.set(name, parseSelectionSet());
    } else if (token.kind === 'name' && ['query', 'mutation', 'subscription'].includes(token.value)) {
      next();
      const name = peek().kind === 'name' ? next().value : undefined;
      const variables: Operation['variables'] = [];
      if (isPunct('(')) {
        next();
        while (!isPunct(')')) {
          expectPunct('$');
          const variable = expectName();
          expectPunct(':');
          parseType();
          let defaultValue: ValueNode | undefined;
          if (isPunct('=')) {
            next();
            defaultValue = parseValue(true);
          }
          parseDirectives();
          variables.push({ name: variable, defaultValue });
        }
        next();
      }
      parseDirectives();
      document.operations.push({
        operation: token.value as Operation['operation'],
        name,
        variables,
        selectionSet: parseSelectionSet(),
        loc: token.loc,
      });
    } else {
      fail(token);
    }
  }
  if (document.operations.length === 0) {
    throw new GraphQLRequestError('Syntax Error: the document has no operation.');
  }
  return document;
}

// ---------------------------------------------------------------------------------------------------------
// Execution

/** Object types by name: each field is a scalar (`null`) or the name of another object type. */
export type Schema = Record<string, Record<string, string | null>>;

export interface RootField {
  /** The object type of the field's value. */
  type: string;
  /** Throws a GraphQLFieldError for a null with an error, a GraphQLRequestError to refuse the request. */
  resolve(args: Record<string, unknown>): unknown;
}

export interface ExecutionResult {
  data: Record<string, unknown>;
  errors?: GraphQLErrorBody[];
}

export interface ExecuteOptions {
  document: GraphQLDocument;
  operationName?: string;
  variables?: Record<string, unknown>;
  schema: Schema;
  /** The query type's fields; anything else is refused with `unsupported(description)`. */
  roots: Record<string, RootField>;
  unsupported: (description: string) => string;
}

export function execute(options: ExecuteOptions): ExecutionResult {
  const { document, schema, roots, unsupported } = options;
  const operation = selectOperation(document, options.operationName);
  const variables = { ...(options.variables ?? {}) };
  for (const { name, defaultValue } of operation.variables) {
    if (variables[name] === undefined && defaultValue) variables[name] = valueOf(defaultValue, {});
  }
  const context: Context = { document, variables, schema, unsupported };
  const fields = collectFields(operation.selectionSet, context);
  if (operation.operation !== 'query') {
    const names = [...fields.values()].map((group) => group[0]!.name).join(', ');
    throw new GraphQLRequestError(unsupported(`${operation.operation} ${names}`), [operation.loc]);
  }

  // Validated as a whole before anything runs, as a GraphQL server does.
  for (const group of fields.values()) {
    const field = group[0]!;
    if (field.name === '__typename') continue;
    const root = roots[field.name];
    if (!root) {
      throw new GraphQLRequestError(unsupported(`the field "${field.name}" on the query type`), [field.loc]);
    }
    validateSelections(group, root.type, context);
  }

  const data: Record<string, unknown> = {};
  const errors: GraphQLErrorBody[] = [];
  for (const [key, group] of fields) {
    const field = group[0]!;
    if (field.name === '__typename') {
      data[key] = 'Query';
      continue;
    }
    const root = roots[field.name]!;
    const args = Object.fromEntries(
      field.arguments.map(([name, value]) => [name, valueOf(value, variables)]),
    );
    let value: unknown;
    try {
      value = root.resolve(args);
    } catch (error) {
      if (!(error instanceof GraphQLFieldError)) throw error;
      data[key] = null;
      errors.push({
        message: error.message,
        locations: [field.loc],
        path: [key],
        ...(error.extensions ? { extensions: error.extensions } : {}),
      });
      continue;
    }
    data[key] = complete(value, root.type, group, context);
  }
  return errors.length > 0 ? { data, errors } : { data };
}

interface Context {
  document: GraphQLDocument;
  variables: Record<string, unknown>;
  schema: Schema;
  unsupported: (description: string) => string;
}

function selectOperation(document: GraphQLDocument, operationName: string | undefined): Operation {
  if (operationName) {
    const named = document.operations.find((operation) => operation.name === operationName);
    if (!named) throw new GraphQLRequestError(`Unknown operation named "${operationName}".`);
    return named;
  }
  if (document.operations.length > 1) {
    throw new GraphQLRequestError('Must provide operation name if query contains multiple operations.');
  }
  return document.operations[0]!;
}

/** The fields of a selection set by response key, fragments expanded, `@skip`/`@include` applied. */
function collectFields(
  selections: Selection[],
  context: Context,
  into = new Map<string, FieldNode[]>(),
  visited = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const selection of selections) {
    if (!included(selection.directives, context.variables)) continue;
    if (selection.kind === 'Field') {
      const key = selection.alias ?? selection.name;
      into.set(key, [...(into.get(key) ?? []), selection]);
    } else if (selection.kind === 'InlineFragment') {
      collectFields(selection.selectionSet, context, into, visited);
    } else {
      const fragment = context.document.fragments.get(selection.name);
      if (!fragment) throw new GraphQLRequestError(`Unknown fragment "${selection.name}".`, [selection.loc]);
      if (visited.has(selection.name)) continue;
      visited.add(selection.name);
      collectFields(fragment, context, into, visited);
    }
  }
  return into;
}

function included(directives: Directive[], variables: Record<string, unknown>): boolean {
  for (const { name, arguments: args } of directives) {
    const condition = args.find(([argument]) => argument === 'if');
    const value = condition ? valueOf(condition[1], variables) === true : false;
    if (name === 'skip' && value) return false;
    if (name === 'include' && !value) return false;
  }
  return true;
}

/**
 * Checks the selections of fields of an object type against the schema: every field known, objects with
 * subfields, scalars without.
 */
function validateSelections(fields: FieldNode[], type: string, context: Context): void {
  const objectType = context.schema[type]!;
  const selections = fields.flatMap((field) => field.selectionSet ?? []);
  if (selections.length === 0) {
    throw new GraphQLRequestError(
      `Field "${fields[0]!.name}" of type "${type}" must have a selection of subfields.`,
      [fields[0]!.loc],
    );
  }
  for (const group of collectFields(selections, context).values()) {
    const field = group[0]!;
    if (field.name === '__typename') continue;
    if (!(field.name in objectType)) {
      const known = Object.keys(objectType).join(', ');
      throw new GraphQLRequestError(
        context.unsupported(`the field "${field.name}" on type "${type}" (it has ${known})`),
        [field.loc],
      );
    }
    const fieldType = objectType[field.name];
    if (fieldType) {
      validateSelections(group, fieldType, context);
    } else if (group.some((node) => node.selectionSet)) {
      throw new GraphQLRequestError(`Field "${field.name}" must not have a selection since it is a scalar.`, [
        field.loc,
      ]);
    }
  }
}

/** Shapes a resolved value by the merged selection sets of the (validated) fields asking for it. */
function complete(value: unknown, type: string, fields: FieldNode[], context: Context): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item) => complete(item, type, fields, context));
  const objectType = context.schema[type]!;
  const source = value as Record<string, unknown>;
  const shaped: Record<string, unknown> = {};
  const selections = fields.flatMap((field) => field.selectionSet ?? []);
  for (const [key, group] of collectFields(selections, context)) {
    const field = group[0]!;
    const fieldType = objectType[field.name];
    if (field.name === '__typename') shaped[key] = type;
    else if (fieldType) shaped[key] = complete(source[field.name], fieldType, group, context);
    else shaped[key] = source[field.name] ?? null;
  }
  return shaped;
}

function valueOf(node: ValueNode, variables: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'Variable':
      return variables[node.name] ?? null;
    case 'Scalar':
    case 'Enum':
      return node.value;
    case 'List':
      return node.values.map((value) => valueOf(value, variables));
    case 'Object':
      return Object.fromEntries(node.fields.map(([name, value]) => [name, valueOf(value, variables)]));
  }
}
