import type { ElementType, FormElement } from './form-schema';
import { isValidLocalTime } from './time-format';

/** The spec's messages for a required element without an answer, by type. */
export const REQUIRED_MESSAGES: Readonly<Partial<Record<ElementType, string>>> = {
  number: 'Please enter a number.',
  time: 'Please enter a time.',
  date: 'Please enter a date.',
  choice: 'Please select one of these options.',
  imageupload: 'Please upload an image.',
};
export const DEFAULT_REQUIRED_MESSAGE = 'Please enter a response.';
export const INVALID_TIME_MESSAGE = 'Please enter a valid time value.';

export function requiredMessage(type: ElementType): string {
  return REQUIRED_MESSAGES[type] ?? DEFAULT_REQUIRED_MESSAGE;
}

export function rangeMessage(min: number, max: number): string {
  return `Please enter a value between ${min} and ${max}.`;
}

export function tooLongMessage(max: number, over: number): string {
  return `Entered text cannot exceed ${max} characters. Please shorten your response by ${over} characters.`;
}

export function tooShortMessage(min: number, remaining: number): string {
  return `Answer should be at least ${min} characters. (${remaining} remaining.)`;
}

/**
 * The validation message of a visible, editable element, or null when it is valid. The caller
 * skips validation for hidden and non-editable elements. A number's range applies when both
 * config min and max are set (the message names both bounds).
 */
export function validateElement(
  element: FormElement,
  value: unknown,
  populated: boolean,
  required: boolean,
): string | null {
  if (!populated) return required ? requiredMessage(element.typeId) : null;
  const { config } = element;
  switch (element.typeId) {
    case 'number': {
      const { min, max } = config;
      if (typeof value === 'number' && typeof min === 'number' && typeof max === 'number') {
        if (value < min || value > max) return rangeMessage(min, max);
      }
      return null;
    }
    case 'time':
      return typeof value === 'string' && isValidLocalTime(value) ? null : INVALID_TIME_MESSAGE;
    case 'text':
    case 'narrative': {
      if (typeof value !== 'string') return null;
      const maxLength = config.maxLength ?? 0;
      const minLength = config.minLength ?? 0;
      if (maxLength > 0 && value.length > maxLength)
        return tooLongMessage(maxLength, value.length - maxLength);
      if (value.length < minLength) return tooShortMessage(minLength, minLength - value.length);
      return null;
    }
    default:
      return null;
  }
}
