/** Types generated for queries found in "services/properties/src/bookings/bookings.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type numberArray = number[];

export type stringArray = string[];

/** 'BookingPageByProvider' parameters type */
export interface IBookingPageByProviderParams {
  providerId: string;
}

/** 'BookingPageByProvider' return type */
export interface IBookingPageByProviderResult {
  accessTypes: stringArray;
  intro: string | null;
  leadTimeHours: number;
  providerId: string;
  published: boolean;
  slotMinutes: number;
  slug: string;
  timeZone: string;
  title: string;
}

/** 'BookingPageByProvider' query type */
export interface IBookingPageByProviderQuery {
  params: IBookingPageByProviderParams;
  result: IBookingPageByProviderResult;
}

/** 'BookingPageBySlug' parameters type */
export interface IBookingPageBySlugParams {
  slug: string;
}

/** 'BookingPageBySlug' return type */
export interface IBookingPageBySlugResult {
  accessTypes: stringArray;
  intro: string | null;
  leadTimeHours: number;
  providerId: string;
  published: boolean;
  slotMinutes: number;
  slug: string;
  timeZone: string;
  title: string;
}

/** 'BookingPageBySlug' query type */
export interface IBookingPageBySlugQuery {
  params: IBookingPageBySlugParams;
  result: IBookingPageBySlugResult;
}

/** 'InsertDefaultBookingPage' parameters type */
export interface IInsertDefaultBookingPageParams {
  providerId: string;
  slug: string;
  title: string;
}

/** 'InsertDefaultBookingPage' return type */
export interface IInsertDefaultBookingPageResult {
  provider_id: string;
}

/** 'InsertDefaultBookingPage' query type */
export interface IInsertDefaultBookingPageQuery {
  params: IInsertDefaultBookingPageParams;
  result: IInsertDefaultBookingPageResult;
}

/** 'SaveBookingPage' parameters type */
export interface ISaveBookingPageParams {
  accessTypes: stringArray;
  intro?: string | null | void;
  leadTimeHours: number;
  providerId: string;
  slotMinutes: number;
  slug: string;
  timeZone: string;
  title: string;
}

/** 'SaveBookingPage' return type */
export type ISaveBookingPageResult = void;

/** 'SaveBookingPage' query type */
export interface ISaveBookingPageQuery {
  params: ISaveBookingPageParams;
  result: ISaveBookingPageResult;
}

/** 'SetBookingPagePublished' parameters type */
export interface ISetBookingPagePublishedParams {
  providerId: string;
  published: boolean;
}

/** 'SetBookingPagePublished' return type */
export type ISetBookingPagePublishedResult = void;

/** 'SetBookingPagePublished' query type */
export interface ISetBookingPagePublishedQuery {
  params: ISetBookingPagePublishedParams;
  result: ISetBookingPagePublishedResult;
}

/** 'BookingServices' parameters type */
export interface IBookingServicesParams {
  providerId: string;
}

/** 'BookingServices' return type */
export interface IBookingServicesResult {
  currency: string;
  description: string | null;
  durationMinutes: number;
  id: string;
  name: string;
  priceCents: number;
}

/** 'BookingServices' query type */
export interface IBookingServicesQuery {
  params: IBookingServicesParams;
  result: IBookingServicesResult;
}

/** 'InsertBookingService' parameters type */
export interface IInsertBookingServiceParams {
  currency: string;
  description?: string | null | void;
  durationMinutes: number;
  id: string;
  name: string;
  priceCents: number;
  providerId: string;
}

/** 'InsertBookingService' return type */
export type IInsertBookingServiceResult = void;

/** 'InsertBookingService' query type */
export interface IInsertBookingServiceQuery {
  params: IInsertBookingServiceParams;
  result: IInsertBookingServiceResult;
}

/** 'UpdateBookingService' parameters type */
export interface IUpdateBookingServiceParams {
  currency: string;
  description?: string | null | void;
  durationMinutes: number;
  id: string;
  name: string;
  priceCents: number;
  providerId: string;
}

/** 'UpdateBookingService' return type */
export type IUpdateBookingServiceResult = void;

/** 'UpdateBookingService' query type */
export interface IUpdateBookingServiceQuery {
  params: IUpdateBookingServiceParams;
  result: IUpdateBookingServiceResult;
}

/** 'DeleteBookingService' parameters type */
export interface IDeleteBookingServiceParams {
  id: string;
  providerId: string;
}

/** 'DeleteBookingService' return type */
export type IDeleteBookingServiceResult = void;

/** 'DeleteBookingService' query type */
export interface IDeleteBookingServiceQuery {
  params: IDeleteBookingServiceParams;
  result: IDeleteBookingServiceResult;
}

/** 'BookingMembers' parameters type */
export interface IBookingMembersParams {
  providerId: string;
}

/** 'BookingMembers' return type */
export interface IBookingMembersResult {
  hours: Json;
  timeZone: string;
  userId: string;
}

/** 'BookingMembers' query type */
export interface IBookingMembersQuery {
  params: IBookingMembersParams;
  result: IBookingMembersResult;
}

/** 'ReplaceBookingMember' parameters type */
export interface IReplaceBookingMemberParams {
  providerId: string;
  timeZone: string;
  userId: string;
}

/** 'ReplaceBookingMember' return type */
export type IReplaceBookingMemberResult = void;

/** 'ReplaceBookingMember' query type */
export interface IReplaceBookingMemberQuery {
  params: IReplaceBookingMemberParams;
  result: IReplaceBookingMemberResult;
}

/** 'ClearBookingHours' parameters type */
export interface IClearBookingHoursParams {
  providerId: string;
  userId: string;
}

/** 'ClearBookingHours' return type */
export type IClearBookingHoursResult = void;

/** 'ClearBookingHours' query type */
export interface IClearBookingHoursQuery {
  params: IClearBookingHoursParams;
  result: IClearBookingHoursResult;
}

/** 'InsertBookingHours' parameters type */
export interface IInsertBookingHoursParams {
  ends: stringArray;
  providerId: string;
  starts: stringArray;
  userId: string;
  weekdays: numberArray;
}

/** 'InsertBookingHours' return type */
export type IInsertBookingHoursResult = void;

/** 'InsertBookingHours' query type */
export interface IInsertBookingHoursQuery {
  params: IInsertBookingHoursParams;
  result: IInsertBookingHoursResult;
}

/** 'DeleteBookingMember' parameters type */
export interface IDeleteBookingMemberParams {
  providerId: string;
  userId: string;
}

/** 'DeleteBookingMember' return type */
export type IDeleteBookingMemberResult = void;

/** 'DeleteBookingMember' query type */
export interface IDeleteBookingMemberQuery {
  params: IDeleteBookingMemberParams;
  result: IDeleteBookingMemberResult;
}

/** 'WorkingWindows' parameters type */
export interface IWorkingWindowsParams {
  days: number;
  from: DateOrString;
  horizonDays: number;
  providerId: string;
}

/** 'WorkingWindows' return type */
export interface IWorkingWindowsResult {
  closes: Date;
  earliest: Date;
  latest: Date;
  opens: Date;
  slotMinutes: number;
  userId: string;
}

/** 'WorkingWindows' query type */
export interface IWorkingWindowsQuery {
  params: IWorkingWindowsParams;
  result: IWorkingWindowsResult;
}

/** 'BookedTimes' parameters type */
export interface IBookedTimesParams {
  days: number;
  from: DateOrString;
  minutes: number;
  providerId: string;
}

/** 'BookedTimes' return type */
export interface IBookedTimesResult {
  endsAt: Date;
  startsAt: Date;
  userId: string;
}

/** 'BookedTimes' query type */
export interface IBookedTimesQuery {
  params: IBookedTimesParams;
  result: IBookedTimesResult;
}

/** 'MembersAt' parameters type */
export interface IMembersAtParams {
  horizonDays: number;
  minutes: number;
  providerId: string;
  startsAt: DateOrString;
}

/** 'MembersAt' return type */
export interface IMembersAtResult {
  free: boolean;
  userId: string;
}

/** 'MembersAt' query type */
export interface IMembersAtQuery {
  params: IMembersAtParams;
  result: IMembersAtResult;
}

/** 'InsertBooking' parameters type */
export interface IInsertBookingParams {
  accessDetails?: string | null | void;
  accessType: string;
  address: string;
  agencyName?: string | null | void;
  assignedUserId: string;
  currency: string;
  emailAddress: string;
  endsAt: DateOrString;
  formattedAddress: string;
  fullName: string;
  id: string;
  latitude: number;
  longitude: number;
  notes?: string | null | void;
  phoneNumber?: string | null | void;
  providerId: string;
  services: Json;
  startsAt: DateOrString;
  timeZone: string;
  totalCents: number;
}

/** 'InsertBooking' return type */
export interface IInsertBookingResult {
  id: string;
}

/** 'InsertBooking' query type */
export interface IInsertBookingQuery {
  params: IInsertBookingParams;
  result: IInsertBookingResult;
}

/** 'BookingById' parameters type */
export interface IBookingByIdParams {
  id: string;
  providerId: string;
}

/** 'BookingById' return type */
export interface IBookingByIdResult {
  accessDetails: string | null;
  accessType: string;
  address: string;
  agencyName: string | null;
  assignedUserId: string;
  cancelledAt: Date | null;
  cancelReason: string | null;
  contactId: string | null;
  createdAt: Date;
  currency: string;
  emailAddress: string;
  endsAt: Date;
  formattedAddress: string;
  fullName: string;
  id: string;
  invoicedAt: Date | null;
  latitude: number;
  longitude: number;
  notes: string | null;
  phoneNumber: string | null;
  propertyId: string | null;
  propertyTitle: string | null;
  providerClientId: string | null;
  providerClientName: string | null;
  providerId: string;
  providerNotes: string | null;
  respondedAt: Date | null;
  services: Json;
  startsAt: Date;
  status: string;
  timeZone: string;
  totalCents: number;
  updatedAt: Date;
}

/** 'BookingById' query type */
export interface IBookingByIdQuery {
  params: IBookingByIdParams;
  result: IBookingByIdResult;
}

/** 'BookingsPage' parameters type */
export interface IBookingsPageParams {
  from?: DateOrString | null | void;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
  search?: string | null | void;
  status?: string | null | void;
  timeZone: string;
  to?: DateOrString | null | void;
}

/** 'BookingsPage' return type */
export interface IBookingsPageResult {
  accessDetails: string | null;
  accessType: string;
  address: string;
  agencyName: string | null;
  assignedUserId: string;
  cancelledAt: Date | null;
  cancelReason: string | null;
  contactId: string | null;
  createdAt: Date;
  currency: string;
  emailAddress: string;
  endsAt: Date;
  formattedAddress: string;
  fullName: string;
  id: string;
  invoicedAt: Date | null;
  latitude: number;
  longitude: number;
  notes: string | null;
  phoneNumber: string | null;
  propertyId: string | null;
  propertyTitle: string | null;
  providerClientId: string | null;
  providerClientName: string | null;
  providerId: string;
  providerNotes: string | null;
  respondedAt: Date | null;
  services: Json;
  startsAt: Date;
  status: string;
  timeZone: string;
  total: number;
  totalCents: number;
  updatedAt: Date;
}

/** 'BookingsPage' query type */
export interface IBookingsPageQuery {
  params: IBookingsPageParams;
  result: IBookingsPageResult;
}

/** 'BookingCalendar' parameters type */
export interface IBookingCalendarParams {
  month: DateOrString;
  providerId: string;
  timeZone: string;
}

/** 'BookingCalendar' return type */
export interface IBookingCalendarResult {
  accepted: number;
  closed: number;
  completed: number;
  date: string;
  pending: number;
}

/** 'BookingCalendar' query type */
export interface IBookingCalendarQuery {
  params: IBookingCalendarParams;
  result: IBookingCalendarResult;
}

/** 'LockBooking' parameters type */
export interface ILockBookingParams {
  id: string;
  providerId: string;
}

/** 'LockBooking' return type */
export interface ILockBookingResult {
  id: string;
}

/** 'LockBooking' query type */
export interface ILockBookingQuery {
  params: ILockBookingParams;
  result: ILockBookingResult;
}

/** 'UpdateBooking' parameters type */
export interface IUpdateBookingParams {
  assignedUserId: string;
  cancelledAt?: DateOrString | null | void;
  cancelReason?: string | null | void;
  contactId?: string | null | void;
  endsAt: DateOrString;
  id: string;
  invoicedAt?: DateOrString | null | void;
  propertyId?: string | null | void;
  providerClientId?: string | null | void;
  providerId: string;
  providerNotes?: string | null | void;
  respondedAt?: DateOrString | null | void;
  startsAt: DateOrString;
  status: string;
}

/** 'UpdateBooking' return type */
export type IUpdateBookingResult = void;

/** 'UpdateBooking' query type */
export interface IUpdateBookingQuery {
  params: IUpdateBookingParams;
  result: IUpdateBookingResult;
}

/** 'AdminBookingPage' parameters type */
export interface IAdminBookingPageParams {
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'AdminBookingPage' return type */
export interface IAdminBookingPageResult {
  createdAt: Date;
  currency: string;
  formattedAddress: string;
  fullName: string;
  id: string;
  invoicedAt: Date | null;
  startsAt: Date;
  status: string;
  total: number;
  totalCents: number;
}

/** 'AdminBookingPage' query type */
export interface IAdminBookingPageQuery {
  params: IAdminBookingPageParams;
  result: IAdminBookingPageResult;
}

/** 'ClientBookingPage' parameters type */
export interface IClientBookingPageParams {
  clientId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  providerId: string;
}

/** 'ClientBookingPage' return type */
export interface IClientBookingPageResult {
  currency: string;
  endsAt: Date;
  formattedAddress: string;
  fullName: string;
  id: string;
  invoicedAt: Date | null;
  propertyId: string | null;
  services: Json;
  startsAt: Date;
  status: string;
  timeZone: string;
  total: number;
  totalCents: number;
}

/** 'ClientBookingPage' query type */
export interface IClientBookingPageQuery {
  params: IClientBookingPageParams;
  result: IClientBookingPageResult;
}

/** 'ContactWithEmail' parameters type */
export interface IContactWithEmailParams {
  emailAddress: string;
  providerId: string;
}

/** 'ContactWithEmail' return type */
export interface IContactWithEmailResult {
  id: string;
  providerClientId: string | null;
}

/** 'ContactWithEmail' query type */
export interface IContactWithEmailQuery {
  params: IContactWithEmailParams;
  result: IContactWithEmailResult;
}

/** 'ClientNamed' parameters type */
export interface IClientNamedParams {
  name: string;
  providerId: string;
}

/** 'ClientNamed' return type */
export interface IClientNamedResult {
  id: string;
}

/** 'ClientNamed' query type */
export interface IClientNamedQuery {
  params: IClientNamedParams;
  result: IClientNamedResult;
}

/** 'PropertyAtAddress' parameters type */
export interface IPropertyAtAddressParams {
  formattedAddress: string;
  providerId: string;
}

/** 'PropertyAtAddress' return type */
export interface IPropertyAtAddressResult {
  id: string;
}

/** 'PropertyAtAddress' query type */
export interface IPropertyAtAddressQuery {
  params: IPropertyAtAddressParams;
  result: IPropertyAtAddressResult;
}

/** 'NoticeSent' parameters type */
export interface INoticeSentParams {
  bookingId: string;
  notice: string;
}

/** 'NoticeSent' return type */
export interface INoticeSentResult {
  sent: number;
}

/** 'NoticeSent' query type */
export interface INoticeSentQuery {
  params: INoticeSentParams;
  result: INoticeSentResult;
}

/** 'MarkNoticeSent' parameters type */
export interface IMarkNoticeSentParams {
  bookingId: string;
  notice: string;
}

/** 'MarkNoticeSent' return type */
export type IMarkNoticeSentResult = void;

/** 'MarkNoticeSent' query type */
export interface IMarkNoticeSentQuery {
  params: IMarkNoticeSentParams;
  result: IMarkNoticeSentResult;
}
