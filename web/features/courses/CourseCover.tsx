import { Box, Center, Image, Stack, Text } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import type { CourseItem } from '../../../shared/contracts/courses';

/**
 * A course's cover image, or a calm placeholder with its instrument when it has none. The image
 * is decoration beside the course's title (alt ""), so screen readers are not told twice.
 */
export function CourseCover({ course, height }: { course: Pick<CourseItem, 'cover' | 'genre'>; height: number }) {
  if (course.cover) {
    return <Image src={course.cover.url} alt="" h={height} fit="cover" loading="lazy" data-testid="course-cover" />;
  }
  return (
    <Box
      h={height}
      aria-hidden
      data-testid="course-cover-placeholder"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-indigo-0), var(--mantine-color-teal-0))' }}
    >
      <Center h="100%">
        <Stack gap={4} align="center">
          <IconMusic size={Math.min(40, height / 3)} color="var(--mantine-color-indigo-4)" stroke={1.5} />
          <Text size="xs" c="indigo.9">{course.genre.name}</Text>
        </Stack>
      </Center>
    </Box>
  );
}
