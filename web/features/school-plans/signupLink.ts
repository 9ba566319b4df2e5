import { iframeSnippet } from '../../../shared/embed';

export const signupUrl = (id: string, origin = window.location.origin) => `${origin}/signup/${id}`;
export const signupSnippet = (url: string) => iframeSnippet(url, 'School registration', 1400, 800);
