// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {LocalSmartAccount} from "../../src/local/LocalSmartAccount.sol";
import {LocalSmartAccountFactory} from "../../src/local/LocalSmartAccountFactory.sol";

/// The local smart account (the server's sign-in tests use it for ERC-1271 / ERC-6492): only its
/// owner's signature of the account- and chain-bound hash is valid; the factory's address is exact.
contract LocalSmartAccountTest is Test {
    LocalSmartAccountFactory internal factory = new LocalSmartAccountFactory();
    uint256 internal ownerKey = 0xA11CE;
    bytes32 internal constant HASH = keccak256("sign in");

    function _sign(uint256 key, bytes32 digest) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, digest);
        return abi.encodePacked(r, s, v);
    }

    function test_factoryDeploysAtThePredictedAddressOnce() public {
        address predicted = factory.addressOf(vm.addr(ownerKey), bytes32(uint256(1)));
        assertEq(predicted.code.length, 0);
        LocalSmartAccount account = factory.createAccount(vm.addr(ownerKey), bytes32(uint256(1)));
        assertEq(address(account), predicted);
        assertEq(account.owner(), vm.addr(ownerKey));
        assertEq(address(factory.createAccount(vm.addr(ownerKey), bytes32(uint256(1)))), predicted);
        assertTrue(factory.addressOf(vm.addr(ownerKey), bytes32(uint256(2))) != predicted);
    }

    function test_onlyTheOwnersSignatureOfTheBoundHashIsValid() public {
        LocalSmartAccount account = factory.createAccount(vm.addr(ownerKey), bytes32(0));
        bytes32 bound = account.replaySafeHash(HASH);
        assertEq(account.isValidSignature(HASH, _sign(ownerKey, bound)), IERC1271.isValidSignature.selector);
        assertEq(account.isValidSignature(HASH, _sign(0xB0B, bound)), bytes4(0xffffffff));
        // The raw hash (not bound to this account and chain) is not accepted.
        assertEq(account.isValidSignature(HASH, _sign(ownerKey, HASH)), bytes4(0xffffffff));
        assertEq(account.isValidSignature(HASH, hex"1234"), bytes4(0xffffffff));
    }

    function test_aSignatureForAnotherChainIsInvalid() public {
        LocalSmartAccount account = factory.createAccount(vm.addr(ownerKey), bytes32(0));
        bytes memory signature = _sign(ownerKey, account.replaySafeHash(HASH));
        vm.chainId(56);
        assertEq(account.isValidSignature(HASH, signature), bytes4(0xffffffff));
    }
}
