// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "forge-std/Test.sol";
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {LocalBatchExecutor} from "../../src/local/LocalBatchExecutor.sol";

contract TestToken is ERC20 {
    constructor() ERC20("Test", "T") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}

/// A spender that takes `amount` with transferFrom, or refuses when asked to.
contract Taker {
    error Refused();

    function take(ERC20 token, uint256 amount, bool refuse) external {
        if (refuse) revert Refused();
        token.transferFrom(msg.sender, address(this), amount);
    }
}

contract LocalBatchExecutorTest is Test {
    LocalBatchExecutor internal executor;
    TestToken internal token;
    Taker internal taker;
    uint256 internal constant KEY = 0xA11CE;
    address internal account;

    function setUp() public {
        executor = new LocalBatchExecutor();
        token = new TestToken();
        taker = new Taker();
        account = vm.addr(KEY);
        token.mint(account, 1000);
        vm.signAndAttachDelegation(address(executor), KEY);
    }

    function _batch(bool refuse) internal view returns (LocalBatchExecutor.Call[] memory calls) {
        calls = new LocalBatchExecutor.Call[](2);
        calls[0] =
            LocalBatchExecutor.Call(address(token), 0, abi.encodeCall(ERC20.approve, (address(taker), 150)));
        calls[1] =
            LocalBatchExecutor.Call(address(taker), 0, abi.encodeCall(Taker.take, (token, 150, refuse)));
    }

    function test_theAccountRunsApproveAndPaymentInOneCall() public {
        vm.prank(account);
        LocalBatchExecutor(payable(account)).execute(_batch(false));
        assertEq(token.balanceOf(address(taker)), 150);
        assertEq(token.allowance(account, address(taker)), 0, "the exact approval was used up");
    }

    function test_aFailingCallLeavesNoAllowanceBehind() public {
        vm.prank(account);
        vm.expectRevert(
            abi.encodeWithSelector(
                LocalBatchExecutor.CallFailed.selector, 1, abi.encodeWithSelector(Taker.Refused.selector)
            )
        );
        LocalBatchExecutor(payable(account)).execute(_batch(true));
        assertEq(token.allowance(account, address(taker)), 0);
        assertEq(token.balanceOf(account), 1000);
    }

    function test_nobodyElseCanRunABatchAsTheAccount() public {
        vm.prank(address(0xB0B));
        vm.expectRevert(LocalBatchExecutor.OnlyAccountItself.selector);
        LocalBatchExecutor(payable(account)).execute(_batch(false));
        assertEq(token.allowance(account, address(taker)), 0);
    }
}
