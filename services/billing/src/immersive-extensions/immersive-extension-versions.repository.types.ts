/** Types generated for queries found in "services/billing/src/immersive-extensions/immersive-extension-versions.repository.ts" */

/** 'NextExtensionVersion' parameters type */
export interface INextExtensionVersionParams {
  propertyId: string;
  providerId: string;
}

/** 'NextExtensionVersion' return type */
export interface INextExtensionVersionResult {
  version: string;
}

/** 'NextExtensionVersion' query type */
export interface INextExtensionVersionQuery {
  params: INextExtensionVersionParams;
  result: INextExtensionVersionResult;
}

/** 'CurrentExtensionVersion' parameters type */
export interface ICurrentExtensionVersionParams {
  propertyId: string;
  providerId: string;
}

/** 'CurrentExtensionVersion' return type */
export interface ICurrentExtensionVersionResult {
  version: string;
}

/** 'CurrentExtensionVersion' query type */
export interface ICurrentExtensionVersionQuery {
  params: ICurrentExtensionVersionParams;
  result: ICurrentExtensionVersionResult;
}
