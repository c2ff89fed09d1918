/** Types generated for queries found in "services/properties/src/media/contacts.repository.ts" */
export type stringArray = string[];

/** 'ContactAgentIds' parameters type */
export interface IContactAgentIdsParams {
  propertyId: string;
}

/** 'ContactAgentIds' return type */
export interface IContactAgentIdsResult {
  id: string;
}

/** 'ContactAgentIds' query type */
export interface IContactAgentIdsQuery {
  params: IContactAgentIdsParams;
  result: IContactAgentIdsResult;
}

/** 'RemoveContacts' parameters type */
export interface IRemoveContactsParams {
  propertyId: string;
}

/** 'RemoveContacts' return type */
export type IRemoveContactsResult = void;

/** 'RemoveContacts' query type */
export interface IRemoveContactsQuery {
  params: IRemoveContactsParams;
  result: IRemoveContactsResult;
}

/** 'InsertContacts' parameters type */
export interface IInsertContactsParams {
  agentIds: stringArray;
  propertyId: string;
}

/** 'InsertContacts' return type */
export type IInsertContactsResult = void;

/** 'InsertContacts' query type */
export interface IInsertContactsQuery {
  params: IInsertContactsParams;
  result: IInsertContactsResult;
}
