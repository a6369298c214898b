import { Checkbox } from 'react-aria-components';
import { childrenOf, MODULE_CATALOGUE, type ModuleDefinition } from '../../domain/module-catalogue';
import {
  isContractImplied,
  moduleCheckState,
  TEACHER_CONTRACT_MODULE_ID,
  toggleModule,
} from '../../domain/profiles/module-selection';
import { fr } from '../../i18n/fr';

interface Props {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}

/** Parent / children checkboxes of the module catalogue; a parent shows "mixed" when some children are ticked. */
export function ModuleTree({ selected, onChange }: Props) {
  const renderNode = (module: ModuleDefinition) => {
    const state = moduleCheckState(selected, module.id);
    const children = childrenOf(module.id);
    const isImplied = module.id === TEACHER_CONTRACT_MODULE_ID && isContractImplied(selected);
    return (
      <li key={module.id}>
        <Checkbox
          className="checkbox"
          isSelected={state === 'checked'}
          isIndeterminate={state === 'mixed'}
          isDisabled={isImplied}
          aria-describedby={isImplied ? 'module-contract-implied' : undefined}
          onChange={(on) => onChange(toggleModule(selected, module.id, on))}
        >
          <span className="checkbox-box" aria-hidden="true" />
          {module.name}
        </Checkbox>
        {isImplied ? (
          <p id="module-contract-implied" className="hint">
            {fr.securityUsers.profileForm.contractImplied}
          </p>
        ) : null}
        {children.length > 0 ? <ul>{children.map(renderNode)}</ul> : null}
      </li>
    );
  };
  return (
    <ul className="module-tree">{MODULE_CATALOGUE.filter((m) => m.parentId === null).map(renderNode)}</ul>
  );
}
