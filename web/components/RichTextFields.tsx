import '@mantine/tiptap/styles.css';
import { Link, RichTextEditor } from '@mantine/tiptap';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

/** The formatting every rich-text field offers (the server's sanitiser allows the same). */
export const RICH_TEXT_EXTENSIONS = [StarterKit.configure({ link: false, heading: { levels: [2, 3] } }), Link];

/** The editor with its toolbar: bold to strikethrough, headings, quote, lists, links. */
export function RichTextBox({ editor, minHeight }: { editor: Editor | null; minHeight: number }) {
  return (
    <RichTextEditor editor={editor} mih={minHeight}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.Blockquote />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
