/** What other features use of the Library: its file pickers, the one-use upload and the preview. */
export { LibraryFilePicker, LibraryFilesPicker } from './LibraryFilePicker';
export { uploadForOneUse } from './api';
export { FilePreview, PreviewModal } from './PreviewModal';
export { AttachedFiles } from './AttachedFiles';
