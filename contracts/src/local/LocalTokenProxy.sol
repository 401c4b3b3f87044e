// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Reason strings, not custom errors: the proxies in front of mainnet USDC revert with strings.
// solhint-disable gas-custom-errors, gas-small-strings, no-inline-assembly

/// @title LocalTokenProxy
/// @notice The upgradeable proxy the local USDC stand-ins sit behind, written from how the proxy in
/// front of USDC on Ethereum behaves (a "transparent" admin-upgradeable proxy): every holder's call
/// is delegated to the implementation; the admin (an address separate from the token's owner) can
/// only read the admin and the implementation, change the admin and upgrade, and can never reach the
/// token itself. The addresses live in the same storage slots USDC's proxy uses, and both are read
/// from storage on every call, so a transfer through it costs what it costs on mainnet.
contract LocalTokenProxy {
    /// @dev keccak256("org.zeppelinos.proxy.implementation"), the slot USDC's proxy uses.
    bytes32 internal constant IMPLEMENTATION_SLOT =
        0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3;
    /// @dev keccak256("org.zeppelinos.proxy.admin"), the slot USDC's proxy uses.
    bytes32 internal constant ADMIN_SLOT = 0x10d6a54a4754c8869d6886b5f5d7fbfa5b4522237ea5c60d11bc4e7a1ff9390b;

    /// @notice The implementation changed.
    /// @param implementation The new implementation.
    event Upgraded(address implementation);
    /// @notice The admin changed.
    /// @param previousAdmin The old admin.
    /// @param newAdmin The new admin.
    event AdminChanged(address previousAdmin, address newAdmin);

    /// @dev The admin gets the proxy's own functions; anyone else (and the admin on any other
    ///      function) goes to the implementation.
    modifier ifAdmin() {
        if (msg.sender == _admin()) {
            _;
        } else {
            _fallback();
        }
    }

    /// @notice Points the proxy at `implementation_`, sets the admin and runs `data` (the token's
    /// initializer) in the proxy's storage.
    /// @param implementation_ The token implementation.
    /// @param admin_ The proxy admin (must not be an account that uses the token).
    /// @param data Initializer call, or empty.
    constructor(address implementation_, address admin_, bytes memory data) payable {
        require(admin_ != address(0), "Cannot change the admin of a proxy to the zero address");
        _setImplementation(implementation_);
        _setAdmin(admin_);
        if (data.length > 0) _delegateCallOrBubble(implementation_, data);
    }

    /// @notice Forwards every call that is not the admin's to the implementation.
    fallback() external payable {
        _fallback();
    }

    /// @notice The admin. Admin only (anyone else reaches the token, which has no such function).
    /// @return The admin address.
    function admin() external ifAdmin returns (address) {
        return _admin();
    }

    /// @notice The implementation. Admin only.
    /// @return The implementation address.
    function implementation() external ifAdmin returns (address) {
        return _implementation();
    }

    /// @notice Hands the admin role to `newAdmin`. Admin only.
    /// @param newAdmin The new admin.
    function changeAdmin(address newAdmin) external ifAdmin {
        require(newAdmin != address(0), "Cannot change the admin of a proxy to the zero address");
        emit AdminChanged(_admin(), newAdmin);
        _setAdmin(newAdmin);
    }

    /// @notice Switches to `newImplementation`; the token's storage stays. Admin only.
    /// @param newImplementation The new implementation (a contract).
    function upgradeTo(address newImplementation) external ifAdmin {
        _setImplementation(newImplementation);
    }

    /// @notice Switches to `newImplementation` and runs `data` on it (a migration). Admin only.
    /// @param newImplementation The new implementation.
    /// @param data The call to run in the proxy's storage.
    function upgradeToAndCall(address newImplementation, bytes calldata data) external payable ifAdmin {
        _setImplementation(newImplementation);
        _delegateCallOrBubble(newImplementation, data);
    }

    function _fallback() private {
        // Transparency: the admin must not be mistaken for a token holder.
        require(msg.sender != _admin(), "Cannot call fallback function from the proxy admin");
        address target = _implementation();
        assembly {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), target, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 { revert(0, returndatasize()) }
            default { return(0, returndatasize()) }
        }
    }

    function _delegateCallOrBubble(address target, bytes memory data) private {
        // A delegatecall is what a proxy is: the initializer must run in the proxy's storage.
        // solhint-disable-next-line avoid-low-level-calls
        (bool ok, bytes memory result) = target.delegatecall(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }

    function _admin() private view returns (address a) {
        bytes32 slot = ADMIN_SLOT;
        assembly {
            a := sload(slot)
        }
    }

    function _implementation() private view returns (address impl) {
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            impl := sload(slot)
        }
    }

    function _setAdmin(address newAdmin) private {
        bytes32 slot = ADMIN_SLOT;
        assembly {
            sstore(slot, newAdmin)
        }
    }

    function _setImplementation(address newImplementation) private {
        require(
            newImplementation.code.length > 0, "Cannot set a proxy implementation to a non-contract address"
        );
        bytes32 slot = IMPLEMENTATION_SLOT;
        assembly {
            sstore(slot, newImplementation)
        }
        emit Upgraded(newImplementation);
    }
}
