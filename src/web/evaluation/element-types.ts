import {
  IconAlignLeft,
  IconCalendar,
  IconCircleDot,
  IconClock,
  IconCode,
  IconForms,
  IconHourglass,
  IconInfoCircle,
  IconLink,
  IconListCheck,
  IconNumbers,
  IconPhoneCall,
  IconPhoto,
  type TablerIcon,
} from '@tabler/icons-react';
import { CREATABLE_ELEMENT_TYPES, type ElementType } from '../../evaluation';

const creatable = new Map(CREATABLE_ELEMENT_TYPES.map((t) => [t.typeId, t.label]));

/** The label of every element type (the creatable ones as the engine names them). */
export const ELEMENT_TYPE_LABEL: Record<ElementType, string> = {
  text: creatable.get('text') ?? 'Textbox',
  narrative: creatable.get('narrative') ?? 'Narrative',
  number: 'Number',
  date: creatable.get('date') ?? 'Date',
  time: 'Time',
  timespan: 'Timespan',
  choice: creatable.get('choice') ?? 'Choice',
  multichoice: creatable.get('multichoice') ?? 'Multiple Choice',
  remark: creatable.get('remark') ?? 'Remark',
  imageupload: 'Image Upload',
  phonerecording: 'Phone Recording',
  inboundparameter: 'Inbound Parameter',
  embed: 'Embed',
};

export const ELEMENT_TYPE_ICON: Record<ElementType, TablerIcon> = {
  text: IconForms,
  narrative: IconAlignLeft,
  number: IconNumbers,
  date: IconCalendar,
  time: IconClock,
  timespan: IconHourglass,
  choice: IconCircleDot,
  multichoice: IconListCheck,
  remark: IconInfoCircle,
  imageupload: IconPhoto,
  phonerecording: IconPhoneCall,
  inboundparameter: IconLink,
  embed: IconCode,
};

/** What each type has to configure. */
export const hasOptions = (t: ElementType) => t === 'choice' || t === 'multichoice';
export const hasScoreRanges = (t: ElementType) => t === 'number' || t === 'timespan';
export const hasLengths = (t: ElementType) => t === 'text' || t === 'narrative';
export const hasContent = (t: ElementType) => t === 'remark' || t === 'embed';
