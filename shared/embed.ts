/** The <iframe> snippet a school pastes into its own website to show one of Cadenza's public pages. */
export function iframeSnippet(url: string, title: string, height: number, maxWidth = 640): string {
  return `<iframe src="${url}" title="${title}" width="100%" height="${height}" style="border:0;max-width:${maxWidth}px"></iframe>`;
}
