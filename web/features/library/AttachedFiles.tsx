import { Anchor, Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDownload, IconEye, IconFile, IconFileMusic, IconFileText, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import type { FileKind, FileRef } from '../../../shared/contracts/library';
import { FILE_KIND_LABELS, formatBytes } from '../../../shared/contracts/library';
import { PreviewModal } from './PreviewModal';

const ICONS: Record<FileKind, typeof IconFile> = { pdf: IconFileText, image: IconPhoto, audio: IconFileMusic, video: IconMovie, text: IconFile };

/**
 * Files attached to something (a lesson, a Build My Biz article), in its order: preview in place or
 * download. Their links are signed by the server for whoever may read the thing they are attached to.
 */
export function AttachedFiles({ files }: { files: FileRef[] }) {
  const [previewing, setPreviewing] = useState<FileRef | null>(null);
  if (files.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label="Attachments">
      <Text fw={600}>Attachments</Text>
      <List listStyleType="none" spacing="xs">
        {files.map((f) => {
          const Icon = ICONS[f.kind];
          return (
            <List.Item key={f._id}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <ThemeIcon variant="light" color="indigo" size="md" aria-hidden><Icon size={18} /></ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" truncate>{f.name}</Text>
                    <Text size="xs" c="dimmed">{FILE_KIND_LABELS[f.kind]} · {formatBytes(f.size)}</Text>
                  </Stack>
                </Group>
                <Group gap="xs">
                  <Button size="xs" variant="light" leftSection={<IconEye size={14} />} onClick={() => setPreviewing(f)} aria-label={`Preview ${f.name}`}>
                    Preview
                  </Button>
                  <Anchor href={f.downloadUrl} download={f.name} size="sm" aria-label={`Download ${f.name}`}>
                    <Group gap={4}><IconDownload size={16} />Download</Group>
                  </Anchor>
                </Group>
              </Group>
            </List.Item>
          );
        })}
      </List>
      <PreviewModal file={previewing} onClose={() => setPreviewing(null)} />
    </Stack>
  );
}
