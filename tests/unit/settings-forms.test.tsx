import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClassDialog } from '../../src/features/settings/class-dialog';
import { CourseModuleDialog } from '../../src/features/settings/course-module-dialog';
import { ReferenceDialog } from '../../src/features/settings/reference-dialog';
import { fr } from '../../src/i18n/fr';

const v = fr.settings.validation;
const levels = [
  { id: 'l-1', label: 'Licence 1' },
  { id: 'l-2', label: 'Licence 2' },
];
const institutes = [{ id: 'i-1', label: 'Institut Supérieur' }];
const noop = () => undefined;

afterEach(cleanup);

function field(label: string) {
  const dialog = screen.getByRole('dialog');
  return within(dialog).getByLabelText(label, { selector: 'input' });
}
function type(label: string, value: string) {
  act(() => {
    fireEvent.change(field(label), { target: { value } });
  });
}
function leave(label: string) {
  act(() => {
    fireEvent.focus(field(label));
    fireEvent.focusOut(field(label));
  });
}
const save = () => within(screen.getByRole('dialog')).getByRole('button', { name: fr.settings.common.save });
const isInvalid = (label: string) => field(label).closest('.field')?.hasAttribute('data-invalid') ?? false;

describe('course module dialog (spec part 1 point 5)', () => {
  it('starts empty with the first level and institute, no red field, confirm disabled', () => {
    render(
      <CourseModuleDialog
        record={null}
        courseModules={[]}
        levels={levels}
        institutes={institutes}
        onClose={noop}
      />,
    );
    expect(field(fr.settings.fields.code)).toHaveProperty('value', '');
    expect(field(fr.settings.fields.name)).toHaveProperty('value', '');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Licence 1');
    expect(dialog.textContent).toContain('Institut Supérieur');
    expect(dialog.querySelectorAll('[data-invalid]')).toHaveLength(0);
    expect(save().hasAttribute('disabled') || save().getAttribute('aria-disabled') === 'true').toBe(true);
  });

  it('checks each field on its own, label and border red, and enables confirm once all pass', () => {
    render(
      <CourseModuleDialog
        record={null}
        courseModules={[]}
        levels={levels}
        institutes={institutes}
        onClose={noop}
      />,
    );
    leave(fr.settings.fields.code);
    expect(screen.getByText(v.codeRequired)).toBeTruthy();
    expect(isInvalid(fr.settings.fields.code)).toBe(true);
    expect(screen.queryByText(v.nameRequired)).toBeNull();
    type(fr.settings.fields.code, 'ALGO');
    expect(screen.queryByText(v.codeRequired)).toBeNull();
    expect(isInvalid(fr.settings.fields.code)).toBe(false);
    type(fr.settings.fields.name, '   ');
    expect(screen.getByText(v.nameRequired)).toBeTruthy();
    expect(isInvalid(fr.settings.fields.name)).toBe(true);
    expect(save().hasAttribute('disabled')).toBe(true);
    type(fr.settings.fields.name, 'Algorithmique');
    expect(save().hasAttribute('disabled')).toBe(false);
  });

  it('an edited module whose level and institute were deleted says so at once', () => {
    const record = { id: 'm-1', code: 'ALGO', name: 'Algo', levelId: 'l-gone', instituteId: 'i-gone' };
    render(
      <CourseModuleDialog
        record={record}
        courseModules={[record]}
        levels={levels}
        institutes={institutes}
        onClose={noop}
      />,
    );
    expect(screen.getByText(v.levelRequired)).toBeTruthy();
    expect(screen.getByText(v.instituteRequired)).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
  });

  it('a taken code within the same level and institute', () => {
    const other = { id: 'm-1', code: 'ALGO', name: 'Algo', levelId: 'l-1', instituteId: 'i-1' };
    render(
      <CourseModuleDialog
        record={null}
        courseModules={[other]}
        levels={levels}
        institutes={institutes}
        onClose={noop}
      />,
    );
    type(fr.settings.fields.code, 'algo');
    expect(screen.getByText(v.moduleCodeTaken)).toBeTruthy();
  });
});

describe('class dialog', () => {
  it('code required; no level to choose gives the level message', () => {
    render(<ClassDialog record={null} classes={[]} levels={[]} institutes={institutes} onClose={noop} />);
    expect(screen.getByText(v.levelRequired)).toBeTruthy();
    expect(screen.queryByText(v.instituteRequired)).toBeNull();
    leave(fr.settings.fields.code);
    expect(screen.getByText(v.codeRequired)).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
  });
  it('no institute to choose gives the institute message; a taken code is refused', () => {
    render(
      <ClassDialog
        record={null}
        classes={[{ id: 'c-1', code: 'L1-INFO' }]}
        levels={levels}
        institutes={[]}
        onClose={noop}
      />,
    );
    expect(screen.getByText(v.instituteRequired)).toBeTruthy();
    type(fr.settings.fields.code, 'L1-INFO');
    expect(screen.getByText(v.classCodeTaken)).toBeTruthy();
  });
});

describe('institute and level dialogs', () => {
  it.each(['institutes', 'levels'] as const)('%s: name and abbreviation required', (kind) => {
    render(<ReferenceDialog kind={kind} record={null} onClose={noop} />);
    expect(screen.getByRole('dialog').textContent).toContain(fr.settings[kind].createTitle);
    leave(fr.settings.fields.name);
    leave(fr.settings.fields.abbr);
    expect(screen.getByText(v.nameRequired)).toBeTruthy();
    expect(screen.getByText(v.abbrRequired)).toBeTruthy();
    expect(isInvalid(fr.settings.fields.name)).toBe(true);
    expect(isInvalid(fr.settings.fields.abbr)).toBe(true);
    type(fr.settings.fields.name, 'Licence 3');
    type(fr.settings.fields.abbr, 'L3');
    expect(screen.queryByText(v.nameRequired)).toBeNull();
    expect(save().hasAttribute('disabled')).toBe(false);
  });
});
