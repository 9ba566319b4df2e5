import { Button, Group, Input, Text } from '@mantine/core';
import { useEditor } from '@tiptap/react';
import { RICH_TEXT_EXTENSIONS, RichTextBox } from '../../components/RichTextFields';
import { useEffect, useId } from 'react';
import { MERGE_FIELDS } from '../../../shared/contracts/communication';

type Props = { value: string; onChange: (html: string) => void; error?: string; resetKey: number };

/** The formatted body, with buttons that put a merge field at the cursor. The server sanitises what it gets. */
export function MessageEditor({ value, onChange, error, resetKey }: Props) {
  const labelId = useId();
  const editor = useEditor({
    extensions: RICH_TEXT_EXTENSIONS,
    content: value,
    editorProps: { attributes: { 'aria-labelledby': labelId, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });
  // A sent email clears the form: the editor is told once per send.
  useEffect(() => {
    if (editor && resetKey > 0) editor.commands.clearContent();
  }, [editor, resetKey]);

  return (
    <Input.Wrapper label="Message" labelElement="div" labelProps={{ id: labelId }} error={error} required
      description="Merge fields are replaced for each recipient.">
      <Group gap="xs" my={6}>
        <Text size="xs" c="dimmed">Insert:</Text>
        {MERGE_FIELDS.map((field) => (
          <Button key={field} size="compact-xs" variant="light" onClick={() => editor?.chain().focus().insertContent(`{${field}}`).run()}>
            {`{${field}}`}
          </Button>
        ))}
      </Group>
      <RichTextBox editor={editor} minHeight={220} />
    </Input.Wrapper>
  );
}
