/** Types generated for queries found in "services/identity/src/oauth/oauth-tokens.repository.ts" */
export type stringArray = string[];

/** 'CreateOAuthToken' parameters type */
export interface ICreateOAuthTokenParams {
  accessHash: Buffer;
  accessSeconds: number;
  familyId: string;
  grantType: string;
  id: string;
  providerId?: string | null | void;
  refreshHash?: Buffer | null | void;
  refreshSeconds: number;
  scopes: stringArray;
  userId: string;
}

/** 'CreateOAuthToken' return type */
export type ICreateOAuthTokenResult = void;

/** 'CreateOAuthToken' query type */
export interface ICreateOAuthTokenQuery {
  params: ICreateOAuthTokenParams;
  result: ICreateOAuthTokenResult;
}

/** 'UseRefreshToken' parameters type */
export interface IUseRefreshTokenParams {
  refreshHash: Buffer;
}

/** 'UseRefreshToken' return type */
export interface IUseRefreshTokenResult {
  familyId: string;
  providerId: string | null;
  scopes: stringArray;
  userId: string;
}

/** 'UseRefreshToken' query type */
export interface IUseRefreshTokenQuery {
  params: IUseRefreshTokenParams;
  result: IUseRefreshTokenResult;
}

/** 'RevokeTokenFamilyOf' parameters type */
export interface IRevokeTokenFamilyOfParams {
  refreshHash: Buffer;
}

/** 'RevokeTokenFamilyOf' return type */
export type IRevokeTokenFamilyOfResult = void;

/** 'RevokeTokenFamilyOf' query type */
export interface IRevokeTokenFamilyOfQuery {
  params: IRevokeTokenFamilyOfParams;
  result: IRevokeTokenFamilyOfResult;
}

/** 'RevokeToken' parameters type */
export interface IRevokeTokenParams {
  tokenHash: Buffer;
}

/** 'RevokeToken' return type */
export type IRevokeTokenResult = void;

/** 'RevokeToken' query type */
export interface IRevokeTokenQuery {
  params: IRevokeTokenParams;
  result: IRevokeTokenResult;
}

/** 'RevokeAllTokensOf' parameters type */
export interface IRevokeAllTokensOfParams {
  userId: string;
}

/** 'RevokeAllTokensOf' return type */
export type IRevokeAllTokensOfResult = void;

/** 'RevokeAllTokensOf' query type */
export interface IRevokeAllTokensOfQuery {
  params: IRevokeAllTokensOfParams;
  result: IRevokeAllTokensOfResult;
}

/** 'ResolveAccessToken' parameters type */
export interface IResolveAccessTokenParams {
  accessHash: Buffer;
}

/** 'ResolveAccessToken' return type */
export interface IResolveAccessTokenResult {
  clientId: string | null;
  providerId: string | null;
  role: string | null;
  scopes: stringArray;
  staffRole: string | null;
  userId: string;
}

/** 'ResolveAccessToken' query type */
export interface IResolveAccessTokenQuery {
  params: IResolveAccessTokenParams;
  result: IResolveAccessTokenResult;
}
