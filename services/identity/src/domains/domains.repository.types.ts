/** Types generated for queries found in "services/identity/src/domains/domains.repository.ts" */
export type NumberOrString = number | string;

/** 'ProviderOfSubdomain' parameters type */
export interface IProviderOfSubdomainParams {
  subdomain: string;
}

/** 'ProviderOfSubdomain' return type */
export interface IProviderOfSubdomainResult {
  providerId: string;
}

/** 'ProviderOfSubdomain' query type */
export interface IProviderOfSubdomainQuery {
  params: IProviderOfSubdomainParams;
  result: IProviderOfSubdomainResult;
}

/** 'ProviderOfDomain' parameters type */
export interface IProviderOfDomainParams {
  domain: string;
}

/** 'ProviderOfDomain' return type */
export interface IProviderOfDomainResult {
  providerId: string;
}

/** 'ProviderOfDomain' query type */
export interface IProviderOfDomainQuery {
  params: IProviderOfDomainParams;
  result: IProviderOfDomainResult;
}

/** 'DomainOfProvider' parameters type */
export interface IDomainOfProviderParams {
  providerId: string;
}

/** 'DomainOfProvider' return type */
export interface IDomainOfProviderResult {
  failureReason: string | null;
  id: string;
  providerId: string;
  providerName: string;
  requestedAt: Date;
  status: string;
  subdomain: string;
  updatedAt: Date;
}

/** 'DomainOfProvider' query type */
export interface IDomainOfProviderQuery {
  params: IDomainOfProviderParams;
  result: IDomainOfProviderResult;
}

/** 'DomainById' parameters type */
export interface IDomainByIdParams {
  id: string;
}

/** 'DomainById' return type */
export interface IDomainByIdResult {
  failureReason: string | null;
  id: string;
  providerId: string;
  providerName: string;
  requestedAt: Date;
  status: string;
  subdomain: string;
  updatedAt: Date;
}

/** 'DomainById' query type */
export interface IDomainByIdQuery {
  params: IDomainByIdParams;
  result: IDomainByIdResult;
}

/** 'RequestDomain' parameters type */
export interface IRequestDomainParams {
  id: string;
  providerId: string;
  subdomain: string;
}

/** 'RequestDomain' return type */
export type IRequestDomainResult = void;

/** 'RequestDomain' query type */
export interface IRequestDomainQuery {
  params: IRequestDomainParams;
  result: IRequestDomainResult;
}

/** 'ListDomains' parameters type */
export interface IListDomainsParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId?: string | null | void;
  search?: string | null | void;
  status?: string | null | void;
}

/** 'ListDomains' return type */
export interface IListDomainsResult {
  failureReason: string | null;
  id: string;
  providerId: string;
  providerName: string;
  requestedAt: Date;
  status: string;
  subdomain: string;
  updatedAt: Date;
}

/** 'ListDomains' query type */
export interface IListDomainsQuery {
  params: IListDomainsParams;
  result: IListDomainsResult;
}

/** 'CountDomains' parameters type */
export interface ICountDomainsParams {
  providerId?: string | null | void;
  search?: string | null | void;
  status?: string | null | void;
}

/** 'CountDomains' return type */
export interface ICountDomainsResult {
  total: number;
}

/** 'CountDomains' query type */
export interface ICountDomainsQuery {
  params: ICountDomainsParams;
  result: ICountDomainsResult;
}

/** 'DecideDomain' parameters type */
export interface IDecideDomainParams {
  failureReason?: string | null | void;
  id: string;
  status: string;
}

/** 'DecideDomain' return type */
export interface IDecideDomainResult {
  id: string;
}

/** 'DecideDomain' query type */
export interface IDecideDomainQuery {
  params: IDecideDomainParams;
  result: IDecideDomainResult;
}

/** 'RenameDomain' parameters type */
export interface IRenameDomainParams {
  id: string;
  subdomain: string;
}

/** 'RenameDomain' return type */
export interface IRenameDomainResult {
  id: string;
}

/** 'RenameDomain' query type */
export interface IRenameDomainQuery {
  params: IRenameDomainParams;
  result: IRenameDomainResult;
}
