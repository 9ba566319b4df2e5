import { createContext, useContext } from 'react';

/**
 * The route patterns the signed-in user can open (their role's table with a page in this client),
 * given by the router, so that a feature links only to pages that exist (the reports hub, decision 044).
 */
export const OpenablePathsContext = createContext<readonly string[]>([]);

export function useOpens(): (pattern: string) => boolean {
  const paths = useContext(OpenablePathsContext);
  return (pattern) => paths.includes(pattern);
}
