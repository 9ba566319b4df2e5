import { Anchor, Box, Group, Image, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { FileRef } from '../../../shared/contracts/library';
import { FILE_KIND_LABELS, formatBytes } from '../../../shared/contracts/library';
import { AppModal } from '../../components/AppModal';

/** A file seen in place: a PDF or text in a frame, an image, an audio or video player. */
export function FilePreview({ file }: { file: FileRef }) {
  switch (file.kind) {
    case 'image':
      return <Image src={file.url} alt={file.name} fit="contain" mah="70vh" radius="sm" />;
    case 'audio':
      return <audio controls src={file.url} style={{ width: '100%' }} aria-label={file.name} />;
    case 'video':
      return <video controls src={file.url} style={{ width: '100%', maxHeight: '70vh' }} aria-label={file.name} />;
    default:
      return <Box component="iframe" src={file.url} title={file.name} w="100%" h="70vh" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} />;
  }
}

export function PreviewModal({ file, onClose }: { file: FileRef | null; onClose: () => void }) {
  return (
    <AppModal opened={file !== null} onClose={onClose} title={file?.name ?? ''} size="xl">
      {file && (
        <Stack gap="sm">
          <FilePreview file={file} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">{FILE_KIND_LABELS[file.kind]} · {formatBytes(file.size)}</Text>
            <Anchor href={file.downloadUrl} download={file.name} size="sm">
              <Group gap={4}><IconDownload size={16} />Download</Group>
            </Anchor>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
