import { Button, EmptyState, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { REASON_MAX, type CourseItem } from '../../../shared/contracts/courses';
import { AppModal } from '../../components/AppModal';
import { FormActions, FormFailure } from '../../components/FormParts';
import { ListCard, ListTable } from '../../components/ListTable';
import { PageHeader } from '../../components/PageHeader';
import { ApiError, errorMessage } from '../../lib/api';
import { fullName } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePagedResults } from '../../lib/useListState';
import { useRequiredSession } from '../../lib/useSession';
import { COURSES_PAGE_SIZE, useApprovalList, useApproveCourse, useRejectCourse } from './api';
import { coursePath } from './paths';

/** Asks the reason of a rejection; the teacher receives it by email. */
function RejectModal({ course, onClose }: { course: CourseItem | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reject = useRejectCourse();
  const close = () => { setReason(''); setError(null); setFailure(null); onClose(); };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!course) return;
    reject.mutate({ courseId: course._id, reason }, {
      onSuccess: (r) => { notifySuccess(r.message); close(); },
      onError: (e) => {
        if (e instanceof ApiError && e.errors.reason) setError(e.errors.reason);
        else setFailure(errorMessage(e));
      },
    });
  };
  return (
    <AppModal opened={course !== null} onClose={close} title={`Reject ${course?.title ?? 'course'}`}>
      <form noValidate onSubmit={submit} aria-label="Reject course">
        <Stack gap="md">
          <FormFailure message={failure} title="Could not reject" />
          <Text size="sm">The teacher receives this reason by email, and can change the course and send it again.</Text>
          <Textarea label="Reason" required data-autofocus autosize minRows={3} maxLength={REASON_MAX} value={reason}
            onChange={(e) => { setReason(e.currentTarget.value); setError(null); }} error={error} />
          <FormActions onCancel={close} pending={reject.isPending} submitLabel="Reject course" />
        </Stack>
      </form>
    </AppModal>
  );
}

function Row({ course, onReject }: { course: CourseItem; onReject: () => void }) {
  const { user } = useRequiredSession();
  const approve = useApproveCourse();
  return (
    <Table.Tr>
      <Table.Td>
        <Text component={Link} to={coursePath(user.role, course._id)} size="sm" fw={500} c="inherit">{course.title}</Text>
        <Text size="xs" c="dimmed">{course.genre.name} · {course.lessonCount} {course.lessonCount === 1 ? 'lesson' : 'lessons'}</Text>
      </Table.Td>
      <Table.Td><Text size="sm">{course.author ? fullName(course.author) : '—'}</Text></Table.Td>
      <Table.Td><Text size="sm">{new Date(course.updatedAt).toLocaleDateString()}</Text></Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" loading={approve.isPending} aria-label={`Approve ${course.title}`}
            onClick={() => approve.mutate(course._id, { onSuccess: (r) => notifySuccess(r.message), onError: (e) => notifyError(errorMessage(e)) })}>
            Approve
          </Button>
          <Button size="xs" variant="subtle" color="red" c="red.9" aria-label={`Reject ${course.title}`} disabled={approve.isPending} onClick={onReject}>Reject</Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /learning/approve-course (admin, sub-admin): the approved and not-approved counts and the
 * teachers' courses waiting for approval, with approve and reject (with a reason, emailed).
 */
export default function ApproveCoursePage() {
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<CourseItem | null>(null);
  const list = useApprovalList(page);
  const { results, totalPages } = usePagedResults(list.data, COURSES_PAGE_SIZE, page, setPage);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Approve Course"
        subtitle={list.data ? `${list.data.approvedCount} approved, ${list.data.notApprovedCount} not approved` : 'Teachers’ courses wait here for your approval.'}
        actions={<Button component={Link} to="/learning/courses" variant="default">Courses</Button>}
      />
      <ListCard>
        <ListTable
          query={list}
          rowCount={results.length}
          columns={['Course', 'Teacher', 'Sent on', 'Actions']}
          errorTitle="Could not load the courses waiting for approval"
          empty={<EmptyState icon={<IconChecklist size={28} />} title="No course is waiting" description="When a teacher adds or changes a course, it waits here for you." />}
          minWidth={640}
          label="Courses waiting for approval"
          pagination={{ page, totalPages, onChange: setPage }}
        >
          {results.map((c) => <Row key={c._id} course={c} onReject={() => setRejecting(c)} />)}
        </ListTable>
      </ListCard>
      <RejectModal course={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
