import { ROUTE_OWNERS, type BackendService } from '@tourly/contracts';

interface CompiledRoute {
  pattern: string;
  regex: RegExp;
  owner: BackendService;
}

/** `*` is one segment; a trailing `/**` matches the prefix itself and everything below it. */
function compile(pattern: string): RegExp {
  const deep = pattern.endsWith('/**');
  const base = deep ? pattern.slice(0, -3) : pattern;
  const body = base
    .split('/')
    .map((segment) => (segment === '*' ? '[^/]+' : segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}${deep ? '(?:/.*)?' : ''}/?$`);
}

/** Which service owns a public path: the first matching entry of the contracts' ROUTE_OWNERS. */
export class RouteTable {
  private readonly routes: CompiledRoute[];

  constructor(owners = ROUTE_OWNERS) {
    this.routes = owners.map(([pattern, owner]) => ({ pattern, owner, regex: compile(pattern) }));
  }

  ownerOf(path: string): BackendService | undefined {
    return this.routes.find((route) => route.regex.test(path))?.owner;
  }
}
