import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Target = { to: string; onClick?: never } | { onClick: () => void; to?: never };

type RowActionProps = Target & {
  /** The tooltip. */
  label: string;
  /** The accessible name, which says whose row it is (e.g. "Edit Riverside"). */
  ariaLabel: string;
  icon: ReactNode;
  color?: string;
};

/** One icon action of a table row: a link when it has `to`, a button otherwise. */
export function RowAction({ label, ariaLabel, icon, color, to, onClick }: RowActionProps) {
  return (
    <Tooltip label={label}>
      {to !== undefined ? (
        <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={ariaLabel}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" color={color} aria-label={ariaLabel} onClick={onClick}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

type NamedAction = Target & { name: string };

export const ViewAction = ({ name, ...target }: NamedAction) => (
  <RowAction {...target} label="View" ariaLabel={`View ${name}`} icon={<IconEye size={18} />} />
);

export const EditAction = ({ name, ...target }: NamedAction) => (
  <RowAction {...target} label="Edit" ariaLabel={`Edit ${name}`} icon={<IconPencil size={18} />} />
);

export const DeleteAction = ({ name, ...target }: NamedAction) => (
  <RowAction {...target} label="Delete" ariaLabel={`Delete ${name}`} color="red" icon={<IconTrash size={18} />} />
);

/** The icon actions of a table row, kept on one line. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}
