import { useCallback } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import { permissionWording } from '../../domain/permissions';

/** A permission's name and one-line description in the user's language, from domain/permissions.ts. */
export function permissionText(translate: TranslateFunction, permission: string) {
  const { group, action } = permissionWording(permission);
  const groupName = translate(`permission_groups.${group}`);
  return action
    ? {
        name: translate(`permission_texts.actions.${action}`, { group: groupName }),
        description: translate(`permission_texts.describe.${action}`, { group: groupName }),
      }
    : {
        name: translate(`permission_texts.names.${permission}`),
        description: translate(`permission_texts.descriptions.${permission}`),
      };
}

export function usePermissionText() {
  const translate = useTranslate();
  return useCallback((permission: string) => permissionText(translate, permission), [translate]);
}
