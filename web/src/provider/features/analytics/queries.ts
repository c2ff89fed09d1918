import { useQuery } from '@tanstack/react-query';
import { APP_KEY } from '../../../shared/queryClient';
import { useMutationAction } from '../../../shared/useMutationAction';
import {
  deletePropertyAnalytics,
  fetchAnalyticsOverview,
  fetchPropertyAnalytics,
  fetchRoomPins,
  saveRoomPins,
  fetchWeeklyReport,
  saveWeeklyReport,
  unsubscribeWeeklyReport,
  type AnalyticsRange,
} from './api';

export const analyticsKeys = {
  all: [APP_KEY, 'analytics'] as const,
  overviews: () => [...analyticsKeys.all, 'overview'] as const,
  overview: (query: AnalyticsRange & { page: number; pageSize: number }) =>
    [...analyticsKeys.overviews(), query] as const,
  property: (id: string) => [...analyticsKeys.all, 'property', id] as const,
  propertyRange: (id: string, range: AnalyticsRange) => [...analyticsKeys.property(id), range] as const,
  // Beside the property's key, not under it: deleting the analytics data keeps where the rooms are.
  roomPins: (id: string) => [...analyticsKeys.all, 'room-pins', id] as const,
  weeklyReport: () => [...analyticsKeys.all, 'weekly-report'] as const,
};

/** One property's numbers for a range (every section of its analytics page). */
export const usePropertyAnalyticsQuery = (id: string, range: AnalyticsRange) =>
  useQuery({
    queryKey: analyticsKeys.propertyRange(id, range),
    queryFn: ({ signal }) => fetchPropertyAnalytics(id, range, signal),
  });

export const useAnalyticsOverviewQuery = (query: AnalyticsRange & { page: number; pageSize: number }) =>
  useQuery({
    queryKey: analyticsKeys.overview(query),
    queryFn: ({ signal }) => fetchAnalyticsOverview(query, signal),
  });

/** Deleting the property's data empties its page for every range, and its row of the overview. */
export const useDeleteAnalyticsMutation = (id: string) =>
  useMutationAction(
    () => deletePropertyAnalytics(id),
    (_, __, client) =>
      Promise.all([
        client.invalidateQueries({ queryKey: analyticsKeys.property(id) }),
        client.invalidateQueries({ queryKey: analyticsKeys.overviews() }),
      ]),
  );

/** Where the provider placed the tour's rooms on the property's floor-plan images. */
export const useRoomPinsQuery = (id: string) =>
  useQuery({ queryKey: analyticsKeys.roomPins(id), queryFn: ({ signal }) => fetchRoomPins(id, signal) });

/** Saving answers the pins as stored: they are the cache's at once. */
export const useSaveRoomPinsMutation = () =>
  useMutationAction(saveRoomPins, (pins, [id], client) =>
    client.setQueryData(analyticsKeys.roomPins(id), pins),
  );
/** Whether the signed-in person receives the weekly report (the overview's checkbox). */
export const useWeeklyReportQuery = () =>
  useQuery({ queryKey: analyticsKeys.weeklyReport(), queryFn: ({ signal }) => fetchWeeklyReport(signal) });

export const useSaveWeeklyReportMutation = () =>
  useMutationAction(saveWeeklyReport, (saved, _, client) =>
    client.setQueryData(analyticsKeys.weeklyReport(), saved),
  );

/** A report's link: whoever follows it may not be signed in, so nothing cached is theirs to update. */
export const useUnsubscribeWeeklyReportMutation = () => useMutationAction(unsubscribeWeeklyReport);
