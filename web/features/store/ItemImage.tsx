import { Box, Center, Image, Stack, Text } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import type { StoreItem } from '../../../shared/contracts/store';

/**
 * An item's picture, or the placeholder of docs/domains/store.md "Screens and routes" when it has none. The picture sits
 * beside the item's name, so it is decoration (alt "") and screen readers are not told twice.
 */
export function ItemImage({ item, height }: { item: Pick<StoreItem, 'item_image'>; height: number }) {
  const image = item.item_image[0];
  if (image) return <Image src={image.location} alt="" h={height} fit="contain" bg="gray.0" loading="lazy" data-testid="item-image" />;
  return (
    <Box h={height} data-testid="item-image-placeholder" style={{ background: 'linear-gradient(135deg, var(--mantine-color-gray-0), var(--mantine-color-indigo-0))' }}>
      <Center h="100%">
        <Stack gap={4} align="center">
          <IconShoppingBag size={Math.min(40, height / 3)} color="var(--mantine-color-indigo-4)" stroke={1.5} aria-hidden />
          {height >= 80 && <Text size="xs" c="gray.7">No image</Text>}
        </Stack>
      </Center>
    </Box>
  );
}
