import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Admin-set page content (GET /api/home_page_content, /api/about or /api/notice; data is a string). */
export function usePageContent(path: '/api/home_page_content' | '/api/about' | '/api/notice') {
  return useQuery({
    queryKey: ['page-content', path],
    queryFn: () => api.get<string>(path),
    staleTime: 60_000,
  });
}
