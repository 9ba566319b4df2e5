import { Button, FileInput, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { FileRef } from '../../../shared/contracts/library';
import { errorMessage } from '../../lib/api';
import { LibraryFilePicker, uploadForOneUse } from '../library';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * The course form's cover: upload an image for this course (POST /fileUpload/upload, not listed in
 * the Library) or pick an image of the Library; the server checks that the file is an image.
 */
export function CoverField({ value, onChange, error }: { value: FileRef | null; onChange: (file: FileRef | null) => void; error?: string }) {
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [picked, setPicked] = useState<FileRef[]>(value ? [value] : []);

  const upload = (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    setUploading(0);
    uploadForOneUse(file, setUploading)
      .then((ref) => { setPicked((p) => [ref, ...p]); onChange(ref); })
      .catch((e: unknown) => setUploadError(errorMessage(e)))
      .finally(() => setUploading(null));
  };

  return (
    <Paper withBorder radius="md" p="sm" component="fieldset" style={{ margin: 0 }}>
      <Text component="legend" size="sm" fw={500} px={4}>Cover image</Text>
      <Stack gap="xs">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          {value ? (
            <Image src={value.url} alt={`Cover: ${value.name}`} w={120} h={68} fit="cover" radius="sm" />
          ) : (
            <Paper w={120} h={68} radius="sm" bg="gray.0" style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }} aria-hidden>
              <IconPhoto size={24} color="var(--mantine-color-gray-6)" />
            </Paper>
          )}
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" truncate>{value ? value.name : 'No cover: the course shows a placeholder.'}</Text>
            {value && (
              <Button size="compact-xs" variant="subtle" color="red" c="red.9" leftSection={<IconTrash size={14} />} onClick={() => onChange(null)} w="fit-content">
                Remove cover
              </Button>
            )}
          </Stack>
        </Group>
        <FileInput
          label="Upload a cover image"
          description="PNG, JPEG, GIF or WebP"
          accept={IMAGE_TYPES}
          leftSection={<IconUpload size={16} />}
          placeholder={uploading !== null ? `Uploading… ${uploading}%` : 'Choose an image'}
          value={null}
          onChange={upload}
          disabled={uploading !== null}
          error={uploadError ?? undefined}
          clearable={false}
          // The file input's placeholder is real text in a button (not an input's placeholder): readable contrast.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
        />
        <LibraryFilePicker
          label="Or choose an image of the Library"
          kind="image"
          known={picked}
          value={value?._id ?? null}
          onChange={onChange}
          error={error}
        />
      </Stack>
    </Paper>
  );
}
