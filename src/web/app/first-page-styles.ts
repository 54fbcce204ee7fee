/**
 * Mantine's styles for the first pages only (issue 16): the reset, the CSS variables, the global rules
 * and the stylesheets of the components the layout shell, Get Started and Login render (mantine-css.ts
 * lists them, with the components each is built from; first-page-styles.test.ts keeps this list to
 * it). The whole of @mantine/core/styles.css is 215 KB, render-blocking; these are about 70 KB.
 * Every other route brings the whole stylesheet when it loads (full-styles.ts).
 *
 * The `.layer.css` files put Mantine in `@layer mantine`, and the app's own CSS (the CSS modules, the
 * style props' rules) is unlayered, so it wins whatever order the files arrive in. Within the layer
 * the order still matters: a component's rules come after those of the components it is built from
 * (Button's after UnstyledButton's), so these follow @mantine/core/styles.css's order. When the whole
 * stylesheet arrives later, its rules come last and keep that order.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxCard.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
