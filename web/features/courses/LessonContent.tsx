import { AspectRatio, Box, Stack, Typography } from '@mantine/core';
import type { LessonItem } from '../../../shared/contracts/courses';
import { AttachedFiles } from '../library';

/**
 * A lesson's body and video. The body is HTML the server sanitised before storing it (an
 * allow-list of formatting tags); the video is only ever YouTube's no-cookie or Vimeo's
 * do-not-track player, built by the server from a checked link. Then its attachments.
 *
 * The player is left out while the lesson is folded (`showVideo` false): a folded lesson makes no
 * request to the video host. It loads at once when shown, not lazily: a lazy cross-site frame
 * that is hidden stays half-made (no document, its navigation deferred), which held the e2e
 * runs' wait for the network to rest (decision 042).
 */
export function LessonContent({ lesson, showVideo = true }: { lesson: LessonItem; showVideo?: boolean }) {
  return (
    <Stack gap="md">
      {lesson.body ? (
        <Typography>
          <Box dangerouslySetInnerHTML={{ __html: lesson.body }} />
        </Typography>
      ) : null}
      {lesson.embedUrl && showVideo && (
        <AspectRatio ratio={16 / 9} maw={720}>
          <iframe
            src={lesson.embedUrl}
            title={`Video: ${lesson.title}`}
            referrerPolicy="strict-origin-when-cross-origin"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            style={{ border: 0, borderRadius: 8 }}
          />
        </AspectRatio>
      )}
      <AttachedFiles files={lesson.attachments} />
    </Stack>
  );
}
