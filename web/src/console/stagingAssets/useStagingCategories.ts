import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';

/** The library's categories (read once a session: they are the platform's and seldom change), in their order. */
export function useStagingCategories() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return useQuery({
    queryKey: ['staging_assets', 'categories'],
    queryFn: ({ signal }) => dataProvider.stagingCategories(signal),
    staleTime: Infinity,
  });
}
