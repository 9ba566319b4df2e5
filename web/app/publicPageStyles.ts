/**
 * The Mantine styles a signed-out first visit needs: the global ones and those of the components
 * the public pages (web/app/publicPages.ts: sign-in, reset password, the widgets, the signup pages, the pay page, the
 * printable invoices) and the loading and error views use.
 * This stylesheet blocks the first paint, and Mantine's whole one is ten times larger; the
 * signed-in shell (routing/SignedInRoutes.tsx) loads the whole one (decision 027).
 *
 * In the order of Mantine's own styles.css: later rules there override earlier ones. A public
 * page that starts using another Mantine component adds its file here (and those of the
 * components it is built on, https://mantine.dev/styles/css-files-list): without its file a component is
 * drawn unstyled (a Radio without Radio.css was a black disc as wide as the form, issue 27), which
 * tests/e2e/public-pages.spec.ts's no-element-wider-than-its-column check catches.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
