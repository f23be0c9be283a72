import { useQuery } from '@tanstack/react-query';
import type { Forum } from '../../shared/schemas/forums';
import { apiFetch } from '../lib/api-client';

export function App() {
  const forums = useQuery({ queryKey: ['/api/forums'], queryFn: () => apiFetch<Forum[]>('/api/forums') });
  return (
    <main>
      <h1>קהילה</h1>
      <ul aria-label="פורומים">
        {forums.data?.map((forum) => (
          <li key={forum.id}>
            <span aria-hidden="true">{forum.icon}</span> {forum.name}
          </li>
        ))}
      </ul>
    </main>
  );
}
