import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { createStyleContext } from 'styled-system/jsx/create-style-context';
import { checkbox } from 'styled-system/recipes/checkbox';

const { withProvider, withContext } = createStyleContext(checkbox);
const Root = withProvider(ArkCheckbox.Root, 'root');
const Control = withContext(ArkCheckbox.Control, 'control');
const Label = withContext(ArkCheckbox.Label, 'label');
const Indicator = withContext(ArkCheckbox.Indicator, 'indicator');

/** A labelled checkbox (the native input stays in the DOM for forms and assistive tech). */
export function Checkbox({
  label,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Root checked={checked} disabled={disabled} onCheckedChange={(d) => onCheckedChange(d.checked === true)}>
      <Control>
        <Indicator>
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true">
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </Indicator>
      </Control>
      <Label>{label}</Label>
      <ArkCheckbox.HiddenInput />
    </Root>
  );
}
