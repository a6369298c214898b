import { Checkbox } from 'react-aria-components';
import { childrenOf, MODULE_CATALOGUE, type ModuleDefinition } from '../../domain/module-catalogue';
import { moduleCheckState, toggleModule } from '../../domain/profiles/module-selection';

interface Props {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** Parent / children checkboxes of the module catalogue; a parent shows "mixed" when some children are ticked. */
export function ModuleTree({ selected, onChange }: Props) {
  const renderNode = (module: ModuleDefinition) => {
    const state = moduleCheckState(selected, module.id);
    const children = childrenOf(module.id);
    return (
      <li key={module.id}>
        <Checkbox
          className="checkbox"
          isSelected={state === 'checked'}
          isIndeterminate={state === 'mixed'}
          onChange={(on) => onChange(toggleModule(selected, module.id, on))}
        >
          <span className="checkbox-box" aria-hidden="true" />
          {module.name}
        </Checkbox>
        {children.length > 0 ? <ul>{children.map(renderNode)}</ul> : null}
      </li>
    );
  };
  return (
    <ul className="module-tree">{MODULE_CATALOGUE.filter((m) => m.parentId === null).map(renderNode)}</ul>
  );
}
