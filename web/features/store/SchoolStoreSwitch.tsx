import { Card, Skeleton, Switch, Text } from '@mantine/core';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSchoolStore, useSetSchoolStore } from './api';

/**
 * The superadmin's switch on a school's page: the store for this school, whatever its plan says
 * (booking or renewing a plan sets it again from the plan).
 */
export function SchoolStoreSwitch({ adminId }: { adminId: string }) {
  const current = useSchoolStore(adminId);
  const set = useSetSchoolStore();
  return (
    <Card withBorder radius="md">
      {current.isPending ? <Skeleton h={40} /> : current.isError ? <Text size="sm" c="dark.7">{errorMessage(current.error)}</Text> : (
        <Switch
          label="Store"
          description="The school’s store (Product Listing, Inventory, /store). Its plan sets this too."
          checked={set.isPending ? set.variables.showStore : current.data.showStore}
          disabled={set.isPending}
          onChange={(e) => set.mutate({ adminId, showStore: e.currentTarget.checked }, {
            onSuccess: (r) => notifySuccess(r.message),
            onError: (err) => notifyError(errorMessage(err)),
          })}
        />
      )}
    </Card>
  );
}
