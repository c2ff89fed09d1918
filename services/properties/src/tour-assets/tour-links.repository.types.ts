/** Types generated for queries found in "services/properties/src/tour-assets/tour-links.repository.ts" */

/** 'FindLinkedTour' parameters type */
export interface IFindLinkedTourParams {
  clientSlug: string;
  modelSlug: string;
}

/** 'FindLinkedTour' return type */
export interface IFindLinkedTourResult {
  address: string;
  clientSlug: string;
  modelSlug: string;
  passwordProtected: boolean;
  propertyId: string;
  providerId: string;
  title: string;
  tourPublished: boolean;
}

/** 'FindLinkedTour' query type */
export interface IFindLinkedTourQuery {
  params: IFindLinkedTourParams;
  result: IFindLinkedTourResult;
}
