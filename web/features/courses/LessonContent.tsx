import { AspectRatio, Box, Stack, Typography } from '@mantine/core';
import type { LessonItem } from '../../../shared/contracts/courses';
import { LessonAttachments } from './LessonAttachments';

/**
 * A lesson's body and video. The body is HTML the server sanitised before storing it (an
 * allow-list of formatting tags); the video is only ever YouTube's no-cookie or Vimeo's
 * do-not-track player, built by the server from a checked link. Then its attachments.
 */
export function LessonContent({ lesson }: { lesson: LessonItem }) {
  return (
    <Stack gap="md">
      {lesson.body ? (
        <Typography>
          <Box dangerouslySetInnerHTML={{ __html: lesson.body }} />
        </Typography>
      ) : null}
      {lesson.embedUrl && (
        <AspectRatio ratio={16 / 9} maw={720}>
          <iframe
            src={lesson.embedUrl}
            title={`Video: ${lesson.title}`}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            style={{ border: 0, borderRadius: 8 }}
          />
        </AspectRatio>
      )}
      <LessonAttachments files={lesson.attachments} />
    </Stack>
  );
}
