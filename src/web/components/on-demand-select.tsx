import { Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';

/**
 * A Select for a list that can be long (a chain's 1,000 locations, its regions), whose options enter
 * the page when the field first takes the focus instead of with the page. Mantine keeps a closed
 * Select's options mounted and hidden (Combobox's keepMounted), so such a list costs a thousand
 * hidden elements at every render of the page that holds it. A click or a tap focuses the field
 * before it opens the list, and a keyboard user reaches it by focus too, so the options are there
 * when the list opens, and ArrowDown opens it as it opens a Select.
 */
export function OnDemandSelect({ comboboxProps, onFocus, ...props }: SelectProps) {
  const [focused, setFocused] = useState(false);
  return (
    <Select
      {...props}
      comboboxProps={{ ...comboboxProps, keepMounted: focused }}
      onFocus={(event) => {
        setFocused(true);
        onFocus?.(event);
      }}
    />
  );
}
